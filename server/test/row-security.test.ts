// Tenant isolation by the database (migration 0017, db/row-security.ts): a customer's connection
// sees and writes only that customer's rows, even through a query that forgets its filter.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { customers, locations, users } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { analyzeCatalogueTables } from '../src/modules/imports/imports.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildCustomer } from './factories.js';

let t: TestApp;
let alpha: number;
let beta: number;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  alpha = (await buildCustomer(t.database.privileged)).customer.id;
  beta = (await buildCustomer(t.database.privileged)).customer.id;
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('gives every table that carries customer_id the tenant policies, enabled and forced', async () => {
    const unprotected = await rows<{ table: string }>(
      t.database.privileged,
      sql`
        select c.relname as "table"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'customer_id' and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not (
            c.relrowsecurity and c.relforcerowsecurity
            and exists (select from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation')
            and exists (select from pg_policy p where p.polrelid = c.oid and p.polname = 'privileged_access')
          )
        order by 1`,
    );
    expect(unprotected).toEqual([]);
    // The check sees the tables: the schema has a score of them.
    const [policies] = await rows<{ tables: number }>(
      t.database.privileged,
      sql`select count(*)::int as tables from pg_policy where polname = 'tenant_isolation'`,
    );
    expect(policies?.tables).toBeGreaterThan(20);
  });

  it('reads the customer setting once per statement in every tenant policy (a subquery, not per row)', async () => {
    const perRow = await rows<{ table: string; qual: string }>(
      t.database.privileged,
      sql`
        select c.relname as "table", pg_get_expr(p.polqual, p.polrelid) as qual
        from pg_policy p join pg_class c on c.oid = p.polrelid
        where p.polname = 'tenant_isolation'
          and not (pg_get_expr(p.polqual, p.polrelid) ilike '%( select %current_setting(%'
                   and pg_get_expr(p.polwithcheck, p.polrelid) ilike '%( select %current_setting(%')
        order by 1`,
    );
    expect(perRow).toEqual([]);
  });

  it('answers a query that forgets its customer_id filter with the current customer’s rows only', async () => {
    const everyone = await t.database.privileged.select({ customerId: users.customerId }).from(users);
    expect(everyone.some((u) => u.customerId === beta)).toBe(true);

    const tenant = new TenantScope(t.database, alpha);
    // Drizzle without a where, and raw SQL without one: both only see alpha.
    const seen = await tenant.db.select({ customerId: users.customerId }).from(users);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((u) => u.customerId === alpha)).toBe(true);
    const roots = await rows<{ customer_id: string }>(tenant.db, sql`select customer_id from locations`);
    expect(roots.length).toBeGreaterThan(0);
    expect(roots.every((r) => Number(r.customer_id) === alpha)).toBe(true);
    // Even asked for the other customer by name, its rows are not there.
    expect(await tenant.db.select().from(locations).where(eq(locations.customerId, beta))).toEqual([]);
    expect(await tenant.db.select({ id: customers.id }).from(customers)).toEqual([{ id: alpha }]);
  });

  it('refuses to write another customer’s rows', async () => {
    const tenant = new TenantScope(t.database, alpha);
    await expect(
      tenant.db.insert(locations).values({ customerId: beta, name: 'Smuggled', parentUuid: null, metadata: {} }),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    const updated = await tenant.db
      .update(locations)
      .set({ name: 'Renamed' })
      .where(eq(locations.customerId, beta))
      .returning();
    expect(updated).toEqual([]);
    const deleted = await tenant.db.delete(users).where(eq(users.customerId, beta)).returning();
    expect(deleted).toEqual([]);
    const [smuggled] = await t.database.privileged
      .select({ n: count() })
      .from(locations)
      .where(eq(locations.name, 'Smuggled'));
    expect(smuggled?.n).toBe(0);
  });

  it('answers nothing to the tenant role with no customer set', async () => {
    const seen = await t.database.privileged.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'tagtrack_app', true)`);
      return rows<{ n: number }>(tx as unknown as Db, sql`select count(*)::int as n from users`);
    });
    expect(seen).toEqual([{ n: 0 }]);
  });

  it('keeps customers apart when their statements interleave on the same connections', async () => {
    const a = new TenantScope(t.database, alpha);
    const b = new TenantScope(t.database, beta);
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const scope = i % 2 === 0 ? a : b;
        const seen = await (i % 4 < 2
          ? scope.db.select({ customerId: users.customerId }).from(users)
          : scope.transaction((tx) => tx.db.select({ customerId: users.customerId }).from(users)));
        return { want: scope.customerId, seen: [...new Set(seen.map((u) => u.customerId))] };
      }),
    );
    for (const { want, seen } of answers) expect(seen).toEqual([want]);
    // And the owner's connection still sees everyone afterwards.
    const all = await t.database.privileged.selectDistinct({ customerId: users.customerId }).from(users);
    expect(all.map((u) => u.customerId)).toEqual(expect.arrayContaining([alpha, beta]));
  });

  it('acts for the right customer after a failed statement, a rolled-back transaction and the owner’s work', async () => {
    const a = t.database.forCustomer(alpha);
    const b = t.database.forCustomer(beta);
    const actingFor = async (db: Db) =>
      (
        await rows<{ role: string; customer: string }>(
          db,
          sql`select current_setting('role') as role, current_setting('app.customer_id', true) as customer`,
        )
      )[0];
    expect(await actingFor(a)).toEqual({ role: 'tagtrack_app', customer: String(alpha) });
    await expect(a.execute(sql`select 1 / 0`)).rejects.toThrow();
    expect(await actingFor(a)).toEqual({ role: 'tagtrack_app', customer: String(alpha) });
    await expect(
      b.transaction(async (tx) => {
        await tx.insert(locations).values({ customerId: beta, name: 'Rolled back' });
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(await actingFor(b)).toEqual({ role: 'tagtrack_app', customer: String(beta) });
    expect(await b.select().from(locations).where(eq(locations.name, 'Rolled back'))).toEqual([]);
    const owner = await actingFor(t.database.privileged);
    expect(owner?.role).toBe('none');
    expect(owner?.customer ?? '').toBe('');
    expect(await actingFor(a)).toEqual({ role: 'tagtrack_app', customer: String(alpha) });
  });

  it('lets a customer’s connection refresh the statistics of the tables an import fills (ANALYZE needs their owner)', async () => {
    const tuples = async () =>
      (
        await rows<{ n: number }>(
          t.database.privileged,
          sql`select reltuples::int as n from pg_class where oid = 'products'::regclass`,
        )
      )[0]?.n;
    await t.database.privileged.execute(
      sql`insert into products (customer_id, sku, name)
          select ${alpha}, 'analyze-' || i, 'Product ' || i from generate_series(1, 1200) as i`,
    );
    const [present] = await rows<{ n: number }>(t.database.privileged, sql`select count(*)::int as n from products`);
    expect(await tuples()).not.toBe(present!.n);
    await analyzeCatalogueTables(t.database.forCustomer(alpha));
    // A table this small is read whole: the estimate is the count.
    expect(await tuples()).toBe(present!.n);
  });

  it('gives a privileged transaction back to its owner after work within a customer', async () => {
    const after = await t.database.privileged.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const inside = await TenantScope.within(tx, beta, (scope) =>
        scope.db.selectDistinct({ customerId: users.customerId }).from(users),
      );
      expect(inside).toEqual([{ customerId: beta }]);
      return tx.selectDistinct({ customerId: users.customerId }).from(users);
    });
    expect(after.map((u) => u.customerId)).toEqual(expect.arrayContaining([alpha, beta]));
  });
});
