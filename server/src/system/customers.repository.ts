import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customers } from '../db/schema/index.js';
import { insertedRow } from '../db/sql-rows.js';

export type CustomerRow = typeof customers.$inferSelect;

/** The customer with this name, whatever its case (customer names are unique across the instance). */
export async function findCustomerByName(db: Db, name: string, anyCase = false): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(anyCase ? sql`lower(${customers.name}) = lower(${name})` : eq(customers.name, name));
  return row;
}

export async function insertCustomer(
  db: Db,
  values: Pick<typeof customers.$inferInsert, 'name' | 'extensions' | 'leafLocationLimit' | 'isDemo'>,
): Promise<CustomerRow> {
  return insertedRow(await db.insert(customers).values(values).returning());
}

/** Sets a customer's extensions; the row changed, or undefined when no customer has the id. */
export async function updateCustomerExtensions(
  db: Db,
  id: number,
  extensions: string[],
): Promise<CustomerRow | undefined> {
  const [row] = await db.update(customers).set({ extensions }).where(eq(customers.id, id)).returning();
  return row;
}

export async function countCustomers(db: Db): Promise<number> {
  return db.$count(customers);
}
