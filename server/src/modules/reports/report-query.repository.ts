import { sql, type SQL } from 'drizzle-orm';
import type { ReportRow as ResultRow } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { CompiledReport } from './report-compile.repository.js';

/**
 * A compiled report run (report-compile.repository.ts makes it): a page of its rows, its count,
 * and the keys and rows an export reads.
 */

/**
 * A page of the report's rows. The page's keys are chosen first, sorting only what orders and
 * names a row; the columns, dates formatted and attributes read, are made for those rows only
 * (a first page over 100,000 items would otherwise make them for every row it sorts).
 */
export async function reportPage(
  tenant: TenantScope,
  report: CompiledReport,
  page: { offset: number; limit: number },
): Promise<ResultRow[]> {
  return sqlRows<ResultRow>(tenant.db, reportPageStatement(report, page));
}

/** The statement of a page (reportPage). */
export function reportPageStatement(report: CompiledReport, page: { offset: number; limit: number }): SQL {
  return sql`select ${report.select} from ${report.from}
    join (${keySelection(report, page)}) wanted on ${keyMatches(report)}
    where ${report.scope} order by ${report.orderBy}`;
}

/** The statement of the report's count (reportCount). */
export function reportCountStatement(report: CompiledReport): SQL {
  return sql`select count(*)::int as n from ${report.from} where ${report.where}`;
}

export async function reportCount(tenant: TenantScope, report: CompiledReport): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(tenant.db, reportCountStatement(report));
  return row?.n ?? 0;
}

const keyName = (n: number) => sql.identifier(`key${n}`);

/** The keys (identity columns key0 …, as text for `text`) of the report's rows in the window, in its order. */
function keySelection(report: CompiledReport, window: { offset: number; limit: number }, text = false): SQL {
  const keys = report.identity.map(({ column }, n) => sql`${column}${text ? sql`::text` : sql``} as ${keyName(n)}`);
  return sql`select ${sql.join(keys, sql`, `)} from ${report.from} where ${report.where}
    order by ${report.orderBy} offset ${window.offset} limit ${window.limit}`;
}

/**
 * The report's row of a key of `wanted` (keySelection's columns or reportRowsOf's arrays), in the
 * key's own types: a cast in a join is not leakproof, and under row-level security the planner
 * may then not look the rows up by their index (it read all a customer's items for a page).
 */
function keyMatches(report: CompiledReport): SQL {
  return sql.join(
    report.identity.map(({ column }, n) => sql`${column} = wanted.${keyName(n)}`),
    sql` and `,
  );
}

/**
 * The keys of the report's first `limit` rows, in its order (each key its identity's values as
 * text): one run of the whole statement, sorting only what orders and names a row. An export then
 * reads the rows in chunks by key (reportRowsOf), instead of running the statement once per chunk
 * with a growing offset.
 */
export async function reportKeys(tenant: TenantScope, report: CompiledReport, limit: number): Promise<string[][]> {
  const rows = await sqlRows<Record<string, string>>(tenant.db, keySelection(report, { offset: 0, limit }, true));
  return rows.map((row) => report.identity.map((_, n) => row[`key${n}`]!));
}

/**
 * The report's rows of the given keys, in the keys' order, as they are now (an item moved since its
 * key was read shows where it is). The rows are looked up by key, not filtered again: a filter
 * would let the planner read the report's whole selection again for each chunk. The keys come
 * from reportKeys (ids and uuids as the database wrote them), bound as one array per column.
 */
export async function reportRowsOf(
  tenant: TenantScope,
  report: CompiledReport,
  keys: readonly (readonly string[])[],
): Promise<ResultRow[]> {
  if (keys.length === 0) return [];
  const arrays = report.identity.map(
    ({ type }, n) => sql`${`{${keys.map((key) => key[n]).join(',')}}`}::${sql.raw(type)}[]`,
  );
  const names = report.identity.map((_, n) => keyName(n));
  return sqlRows<ResultRow>(
    tenant.db,
    sql`select ${report.select} from ${report.from}
        join unnest(${sql.join(arrays, sql`, `)}) with ordinality as wanted(${sql.join(names, sql`, `)}, position)
          on ${keyMatches(report)}
        where ${report.scope} order by wanted.position`,
  );
}
