import { sql } from 'drizzle-orm';
import type { ObservationKind, RuleAction } from '@tagtrack/contract';
import { columnParam, sqlRows } from '../../db/sql-rows.js';
import type { TenantScope } from '../../db/tenant.js';
import type { RuleLimits, RuleState } from './rule-engine.js';

/** A rule that watches a product, with what the engine needs of it. */
export interface WatchingRule extends RuleLimits {
  id: string;
  name: string;
  productId: number;
  typeUuid: string;
  actions: RuleAction[];
  /** Who saved the rule: their language is the messages' when a recipient is no user. */
  createdBy: number | null;
}

/** The rules watching these products (any measurement type: the caller matches types). */
export async function findRulesOfProducts(tenant: TenantScope, productIds: readonly number[]): Promise<WatchingRule[]> {
  if (productIds.length === 0) return [];
  return sqlRows<WatchingRule>(
    tenant.db,
    sql`select r.id, r.name, p.product_id::int as "productId", r.type_uuid as "typeUuid",
          r.low_limit as low, r.high_limit as high, r.active_time_threshold as "activeTimeThreshold",
          r.cooldown, r.actions, r.created_by::int as "createdBy"
        from observation_rule_products p
        join observation_rules r on r.customer_id = p.customer_id and r.id = p.rule_id
        where p.customer_id = ${tenant.customerId}
          and p.product_id = any(${columnParam(productIds, (id) => id)}::bigint[])`,
  );
}

export interface StateKey {
  ruleId: string;
  itemId: number;
}
export type KeyedState = StateKey & RuleState;

/**
 * The evaluation states of these (rule, sensor) pairs, made when missing and locked until the
 * transaction ends: a batch with the same sensors in another process waits, then sees what this
 * one decided. Rows are taken in (rule, sensor) order, so two batches never wait on each other.
 */
export async function lockRuleStates(tenant: TenantScope, keys: readonly StateKey[]): Promise<KeyedState[]> {
  if (keys.length === 0) return [];
  const ordered = [...keys].sort((a, b) =>
    a.ruleId === b.ruleId ? a.itemId - b.itemId : a.ruleId < b.ruleId ? -1 : 1,
  );
  const rows = await sqlRows<{
    ruleId: string;
    itemId: number;
    breachSince: string | Date | null;
    lastAlertAt: string | Date | null;
    lastTime: string | Date | null;
  }>(
    tenant.db,
    sql`insert into observation_rule_states as s (customer_id, rule_id, item_id)
        select ${tenant.customerId}::bigint, k.rule_id, k.item_id
        from unnest(${columnParam(ordered, (k) => k.ruleId)}::uuid[],
                    ${columnParam(ordered, (k) => k.itemId)}::bigint[]) with ordinality as k(rule_id, item_id, n)
        order by k.n
        on conflict (customer_id, rule_id, item_id) do update set rule_id = excluded.rule_id
        returning s.rule_id as "ruleId", s.item_id::int as "itemId", s.breach_since as "breachSince",
          s.last_alert_at as "lastAlertAt", s.last_time as "lastTime"`,
  );
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return rows.map((row) => ({
    ruleId: row.ruleId,
    itemId: Number(row.itemId),
    breachSince: date(row.breachSince),
    lastAlertAt: date(row.lastAlertAt),
    lastTime: date(row.lastTime),
  }));
}

/** Writes the states the engine decided (rows locked by lockRuleStates). */
export async function saveRuleStates(tenant: TenantScope, states: readonly KeyedState[]): Promise<void> {
  if (states.length === 0) return;
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  await tenant.db.execute(
    sql`update observation_rule_states s
        set breach_since = v.breach_since, last_alert_at = v.last_alert_at, last_time = v.last_time
        from unnest(${columnParam(states, (s) => s.ruleId)}::uuid[],
                    ${columnParam(states, (s) => s.itemId)}::bigint[],
                    ${columnParam(states, (s) => iso(s.breachSince))}::timestamptz[],
                    ${columnParam(states, (s) => iso(s.lastAlertAt))}::timestamptz[],
                    ${columnParam(states, (s) => iso(s.lastTime))}::timestamptz[])
          as v(rule_id, item_id, breach_since, last_alert_at, last_time)
        where s.customer_id = ${tenant.customerId} and s.rule_id = v.rule_id and s.item_id = v.item_id`,
  );
}

export interface NewObservation {
  uuid: string;
  kind: ObservationKind;
  ruleId: string | null;
  ruleName: string;
  itemId: number | null;
  productId: number | null;
  locationUuid: string | null;
  readerId: number | null;
  typeUuid: string | null;
  value: number | null;
  measuredAt: Date;
}

/** Records alerts; their observation_time is the transaction's. */
export async function insertObservations(tenant: TenantScope, rows: readonly NewObservation[]): Promise<void> {
  if (rows.length === 0) return;
  await tenant.db.execute(
    sql`insert into observations (customer_id, uuid, kind, rule_id, rule_name, item_id, product_id,
          location_uuid, reader_id, type_uuid, value, measured_at)
        select ${tenant.customerId}::bigint, * from unnest(
          ${columnParam(rows, (r) => r.uuid)}::uuid[],
          ${columnParam(rows, (r) => r.kind)}::text[],
          ${columnParam(rows, (r) => r.ruleId)}::uuid[],
          ${columnParam(rows, (r) => r.ruleName)}::text[],
          ${columnParam(rows, (r) => r.itemId)}::bigint[],
          ${columnParam(rows, (r) => r.productId)}::bigint[],
          ${columnParam(rows, (r) => r.locationUuid)}::uuid[],
          ${columnParam(rows, (r) => r.readerId)}::bigint[],
          ${columnParam(rows, (r) => r.typeUuid)}::uuid[],
          ${columnParam(rows, (r) => r.value)}::float8[],
          ${columnParam(rows, (r) => r.measuredAt.toISOString())}::timestamptz[])`,
  );
}

export interface ObservationRow {
  uuid: string;
  kind: ObservationKind;
  ruleId: string | null;
  ruleName: string;
  productId: number | null;
  productName: string | null;
  typeUuid: string | null;
  unit: string | null;
  symbol: string | null;
  value: number | null;
  sensor: string | null;
  locationUuid: string | null;
  readerId: number | null;
  readerName: string | null;
  measuredAt: string | Date;
  observationTime: string | Date;
}

/** A page of the customer's alerts, newest first, with what is left of their product and reader. */
export async function findObservationPage(
  tenant: TenantScope,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: ObservationRow[] }> {
  const [rows, [counted]] = await Promise.all([
    sqlRows<ObservationRow>(
      tenant.db,
      sql`select o.uuid, o.kind, o.rule_id as "ruleId", o.rule_name as "ruleName",
            o.product_id::int as "productId", p.name as "productName", o.type_uuid as "typeUuid",
            t.unit, t.symbol, o.value, i.code as sensor, o.location_uuid as "locationUuid",
            o.reader_id::int as "readerId", r.name as "readerName",
            o.measured_at as "measuredAt", o.observation_time as "observationTime"
          from observations o
          left join products p on p.customer_id = o.customer_id and p.id = o.product_id
          left join items i on i.customer_id = o.customer_id and i.id = o.item_id
          left join readers r on r.customer_id = o.customer_id and r.id = o.reader_id
          left join measurement_types t on t.uuid = o.type_uuid
          where o.customer_id = ${tenant.customerId}
          order by o.observation_time desc, o.uuid
          offset ${page.offset} limit ${page.limit}`,
    ),
    sqlRows<{ n: number }>(
      tenant.db,
      sql`select count(*)::int as n from observations where customer_id = ${tenant.customerId}`,
    ),
  ]);
  return { count: counted?.n ?? 0, rows };
}

/** What an alert's messages say beyond the alert: names, symbols and recipients' languages. */
export interface AlertContext {
  productNames: Map<number, string>;
  locationNames: Map<string, string>;
  symbols: Map<string, string>;
  /** Language by user id, by lower-case e-mail address and by phone number. */
  languageOfUser: Map<number, string>;
  languageOfAddress: Map<string, string>;
}

export async function findAlertContext(
  tenant: TenantScope,
  wanted: { productIds: number[]; locationUuids: string[]; addresses: string[]; userIds: number[] },
): Promise<AlertContext> {
  const ids = (values: readonly number[]) => columnParam(values, (v) => v);
  // One statement after another: the caller's transaction is one connection.
  const productRows = await sqlRows<{ id: number; name: string }>(
    tenant.db,
    sql`select id::int, name from products
          where customer_id = ${tenant.customerId} and id = any(${ids(wanted.productIds)}::bigint[])`,
  );
  const locationRows = await sqlRows<{ uuid: string; name: string }>(
    tenant.db,
    sql`select uuid, name from locations
          where customer_id = ${tenant.customerId}
            and uuid = any(${columnParam(wanted.locationUuids, (v) => v)}::uuid[])`,
  );
  const typeRows = await sqlRows<{ uuid: string; symbol: string }>(
    tenant.db,
    sql`select uuid, symbol from measurement_types`,
  );
  const userRows = await sqlRows<{ id: number; email: string; phone: string; language: string }>(
    tenant.db,
    sql`select id::int, lower(email) as email, phone_number as phone, language from users
          where customer_id = ${tenant.customerId}
            and (id = any(${ids(wanted.userIds)}::bigint[])
              or lower(email) = any(${columnParam(wanted.addresses, (a) => a.toLowerCase())}::text[])
              or phone_number = any(${columnParam(wanted.addresses, (a) => a)}::text[]))`,
  );
  const languageOfAddress = new Map<string, string>();
  for (const user of userRows) {
    if (user.email) languageOfAddress.set(user.email, user.language);
    if (user.phone) languageOfAddress.set(user.phone, user.language);
  }
  return {
    productNames: new Map(productRows.map((r) => [Number(r.id), r.name])),
    locationNames: new Map(locationRows.map((r) => [r.uuid, r.name])),
    symbols: new Map(typeRows.map((r) => [r.uuid, r.symbol])),
    languageOfUser: new Map(userRows.map((u) => [Number(u.id), u.language])),
    languageOfAddress,
  };
}
