import { randomUUID } from 'node:crypto';
import { pageWindow, type Observation, type ObservationListQuery, type Paged } from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import type { TenantScope } from '../../db/tenant.js';
import { evaluate, type TimedValue } from './rule-engine.js';
import {
  findObservationPage,
  findRulesOfProducts,
  insertObservations,
  lockRuleStates,
  saveRuleStates,
  type KeyedState,
  type NewObservation,
  type ObservationRow,
  type WatchingRule,
} from './observations.repository.js';

const iso = (value: string | Date) => new Date(value).toISOString();

function present(row: ObservationRow): Observation {
  return {
    uuid: row.uuid,
    kind: row.kind,
    rule: { id: row.ruleId, name: row.ruleName },
    products: row.productId === null ? [] : [row.productId],
    product_names: row.productId === null ? [] : [row.productName ?? String(row.productId)],
    measurements: {
      value: row.value,
      measurement_type: row.typeUuid,
      unit: row.unit ?? '',
      symbol: row.symbol ?? '',
      sensor: row.sensor,
      location: row.locationUuid,
      time: iso(row.measuredAt),
    },
    reader: row.readerId === null ? null : { id: row.readerId, name: row.readerName ?? '' },
    observation_time: iso(row.observationTime),
  };
}

/** GET /sensor-data/observation/observation/: the customer's alerts, newest first (03 §2). */
export async function listObservations(ctx: ServiceContext, query: ObservationListQuery): Promise<Paged<Observation>> {
  const { count, rows } = await findObservationPage(ctx.tenant, pageWindow(query));
  return { count, results: rows.map(present) };
}

/** A stored measurement, as the engine judges it. */
export interface JudgedMeasurement {
  /** The sensor's EPC. */
  sensor: string;
  itemId: number;
  productId: number;
  locationUuid?: string | null;
  typeUuid: string;
  value: number;
  time: Date;
}

/** An alert the engine recorded, for its actions to be sent once the transaction commits. */
export interface RaisedAlert {
  observation: NewObservation;
  rule: WatchingRule;
  /** The sensor's EPC. */
  sensor: string;
}

/**
 * Runs a batch of stored measurements through the rules watching their products and types, within
 * the batch's transaction (docs/sensors.md, Rules): the (rule, sensor) states are locked, judged by
 * the engine, written back, and each alert is recorded as an observation in the same commit. So an
 * alert is recorded once however many processes share the database, and survives a restart.
 */
export async function judgeMeasurements(
  scope: TenantScope,
  measurements: readonly JudgedMeasurement[],
): Promise<RaisedAlert[]> {
  if (measurements.length === 0) return [];
  const rules = await findRulesOfProducts(scope, [...new Set(measurements.map((m) => m.productId))]);
  if (rules.length === 0) return [];
  const rulesOf = new Map<string, WatchingRule[]>();
  for (const rule of rules) {
    const key = `${rule.productId}/${rule.typeUuid}`;
    rulesOf.set(key, [...(rulesOf.get(key) ?? []), rule]);
  }
  // Each (rule, sensor) pair with its values; the sensor's latest value says where it was.
  const pairs = new Map<string, { rule: WatchingRule; latest: JudgedMeasurement; values: TimedValue[] }>();
  for (const m of measurements) {
    for (const rule of rulesOf.get(`${m.productId}/${m.typeUuid}`) ?? []) {
      const key = `${rule.id}/${m.itemId}`;
      const pair = pairs.get(key) ?? { rule, latest: m, values: [] };
      pair.values.push({ time: m.time, value: m.value });
      if (m.time > pair.latest.time) pair.latest = m;
      pairs.set(key, pair);
    }
  }
  if (pairs.size === 0) return [];
  const states = await lockRuleStates(
    scope,
    [...pairs.values()].map((p) => ({ ruleId: p.rule.id, itemId: p.latest.itemId })),
  );
  const changed: KeyedState[] = [];
  const raised: RaisedAlert[] = [];
  for (const state of states) {
    const pair = pairs.get(`${state.ruleId}/${state.itemId}`);
    if (!pair) continue;
    const { state: next, alerts } = evaluate(pair.rule, state, pair.values);
    changed.push({ ...next, ruleId: state.ruleId, itemId: state.itemId });
    for (const alert of alerts) {
      raised.push({
        rule: pair.rule,
        sensor: pair.latest.sensor,
        observation: {
          uuid: randomUUID(),
          kind: 'rule',
          ruleId: pair.rule.id,
          ruleName: pair.rule.name,
          itemId: pair.latest.itemId,
          productId: pair.latest.productId,
          locationUuid: pair.latest.locationUuid ?? null,
          readerId: null,
          typeUuid: pair.rule.typeUuid,
          value: alert.value,
          measuredAt: alert.time,
        },
      });
    }
  }
  await saveRuleStates(scope, changed);
  await insertObservations(
    scope,
    raised.map((r) => r.observation),
  );
  return raised;
}
