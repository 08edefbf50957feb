import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { actAsCustomerSql } from './row-security.js';
import { sqlRows } from './sql-rows.js';

/** What makes a connection act for a customer: the Database (db/client.ts). */
export interface CustomerAccess {
  forCustomer(customerId: number): Db;
}

/** A table owned by a tenant: it carries customer_id, which leads its keys. */
export type TenantTable = PgTable & { customerId: PgColumn };

/**
 * SECURITY: the one place where tenant scoping happens. Repositories of tenant data receive a
 * TenantScope, never the raw database. Its connection acts for the actor's customer, so
 * row-level security (db/row-security.ts) limits every statement made through it to that
 * customer's rows, even one that forgets its filter; its helpers also filter explicitly (the
 * planner uses the indexes customer_id leads) and stamp every insert. Another customer's rows
 * are simply not there, so a lookup by id answers NotFound.
 */
export class TenantScope {
  private readonly database: Db;

  constructor(
    access: CustomerAccess,
    readonly customerId: number,
  ) {
    this.database = access.forCustomer(customerId);
  }

  /**
   * Work inside a transaction of the privileged path (a new customer's defaults, a reset link's
   * user) that acts for one customer, under its policies: in a savepoint, and the transaction is
   * the owner's again afterwards.
   */
  static within<R>(tx: Db, customerId: number, work: (scope: TenantScope) => Promise<R>): Promise<R> {
    return tx.transaction(async (savepoint) => {
      const db = savepoint as unknown as Db;
      const saved = await sqlRows<{ role: string; customer: string | null }>(
        db,
        sql`select current_setting('role') as role, current_setting('app.customer_id', true) as customer`,
      );
      const { role, customer } = saved[0]!;
      await db.execute(sql.raw(actAsCustomerSql(customerId, true)));
      const result = await work(new TenantScope({ forCustomer: () => db }, customerId));
      await db.execute(
        sql`select set_config('role', ${role}, true), set_config('app.customer_id', ${customer ?? ''}, true)`,
      );
      return result;
    });
  }

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
    return this.database.transaction((tx) =>
      work(new TenantScope({ forCustomer: () => tx as unknown as Db }, this.customerId)),
    );
  }

  /**
   * For joins and aggregates a repository builds itself. Row-level security keeps them to the
   * customer; they still apply `where()` to every tenant table they read, for the indexes.
   */
  get db(): Db {
    return this.database;
  }
}
