import { errorReports } from '../../db/schema/index.js';
import { insertedRow } from '../../db/sql-rows.js';
import type { TenantScope } from '../../db/tenant.js';

export async function insertErrorReport(
  tenant: TenantScope,
  values: Omit<typeof errorReports.$inferInsert, 'customerId' | 'id' | 'createdAt'>,
): Promise<{ id: number; createdAt: Date }> {
  return insertedRow(
    await tenant.insert(errorReports, values).returning({ id: errorReports.id, createdAt: errorReports.createdAt }),
  );
}
