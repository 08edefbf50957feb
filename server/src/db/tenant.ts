import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A table owned by a tenant: it carries customer_id, which leads its keys. */
export type TenantTable = PgTable & { customerId: PgColumn };

/**
 * SECURITY: the one place where tenant scoping happens. Repositories of tenant data receive a
 * TenantScope, never the raw database: every read and write they make through it is limited to
 * the actor's customer, and every insert is stamped with it. Another customer's rows are simply
 * not there, so a lookup by id answers NotFound.
 */
export class TenantScope {
  constructor(
    private readonly database: Db,
    readonly customerId: number,
  ) {}

  /** The condition `customer_id = <actor's customer>` joined with the caller's own. */
  where(table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.customerId, this.customerId), ...conditions) as SQL;
  }

  select<T extends TenantTable>(table: T, ...conditions: (SQL | undefined)[]) {
    return this.database
      .select()
      .from(table as PgTable)
      .where(this.where(table, ...conditions))
      .$dynamic();
  }

  async count(table: TenantTable, ...conditions: (SQL | undefined)[]): Promise<number> {
    return this.database.$count(table, this.where(table, ...conditions));
  }

  insert<T extends TenantTable>(table: T, values: Omit<T['$inferInsert'], 'customerId'>) {
    return this.database.insert(table).values({ ...values, customerId: this.customerId } as T['$inferInsert']);
  }

  insertMany<T extends TenantTable>(table: T, values: Omit<T['$inferInsert'], 'customerId'>[]) {
    return this.database
      .insert(table)
      .values(values.map((v) => ({ ...v, customerId: this.customerId }) as T['$inferInsert']));
  }

  update<T extends TenantTable>(table: T, set: Partial<Omit<T['$inferInsert'], 'customerId'>>, ...conditions: SQL[]) {
    return this.database
      .update(table)
      .set(set as never)
      .where(this.where(table, ...conditions));
  }

  delete<T extends TenantTable>(table: T, ...conditions: SQL[]) {
    return this.database.delete(table).where(this.where(table, ...conditions));
  }

  /** Runs work in one transaction, scoped to the same customer. */
  transaction<R>(work: (scope: TenantScope) => Promise<R>): Promise<R> {
    return this.database.transaction((tx) => work(new TenantScope(tx as unknown as Db, this.customerId)));
  }

  /** For joins and aggregates a repository builds itself: it must apply `where()` to every tenant table it reads. */
  get db(): Db {
    return this.database;
  }
}
