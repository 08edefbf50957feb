import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index.js';

const tables = (Object.values(schema) as unknown[]).filter(
  (v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
);
// Instance-wide tables: the tenants themselves and instance settings.
// discovered_readers: on-premise readers that announced themselves before any customer registered them.
// measurement_types: the kinds of measurement, the same for every customer.
const NOT_TENANT_OWNED = new Set(['customers', 'instance_settings', 'discovered_readers', 'measurement_types']);
// Usernames sign in and reset links arrive without a customer, so they are looked up instance-wide by design.
const INSTANCE_WIDE_INDEXES = new Set([
  'users_username_key',
  'users_email_idx',
  'readers_serial_key',
  'password_reset_requests_token_key',
  // The report scheduler's looks across customers: reports due, runs past their retention, runs a
  // dead process left running.
  'reports_next_run_idx',
  'report_runs_created_idx',
  'report_runs_running_idx',
  // Housekeeping's look for sensor minutes past the retention, across customers.
  'measurement_minutes_minute_idx',
  // The notification dispatcher's look for what is not yet sent, across customers.
  'mail_outbox_unsent_idx',
]);

describe('tenant-owned tables (ready to distribute by customer)', () => {
  const tenantTables = tables.map((t) => getTableConfig(t)).filter((c) => !NOT_TENANT_OWNED.has(c.name));

  it('exist', () => {
    expect(tenantTables.map((c) => c.name)).toContain('users');
  });

  for (const config of tenantTables) {
    it(`${config.name} carries customer_id at the head of its primary key and indexes`, () => {
      expect(config.columns.find((c) => c.name === 'customer_id')?.notNull).toBe(true);
      expect(config.primaryKeys[0]?.columns[0]?.name).toBe('customer_id');
      for (const index of config.indexes) {
        if (INSTANCE_WIDE_INDEXES.has(index.config.name ?? '')) continue;
        const first = index.config.columns[0] as { name?: string } | undefined;
        expect(first?.name, `${index.config.name}`).toBe('customer_id');
      }
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        // Instance-wide tables are reference tables when distributed: any table may point at them.
        if (ref.foreignTable && NOT_TENANT_OWNED.has(getTableConfig(ref.foreignTable).name)) continue;
        expect(ref.columns[0]?.name, `a foreign key of ${config.name}`).toBe('customer_id');
      }
    });
  }
});
