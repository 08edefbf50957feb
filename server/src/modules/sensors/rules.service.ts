import {
  MESSAGE_KEYS as M,
  pageWindow,
  RULE_ORDERINGS,
  singleOrdering,
  type ObservationRule,
  type ObservationRuleInput,
  type ObservationRuleListQuery,
  type Paged,
  type RuleCondition,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import { measurementTypeIds } from './sensors.service.js';
import {
  deleteRule,
  findProductIds,
  findRule,
  findRulePage,
  insertRule,
  replaceRule,
  type RuleValues,
  type RuleWithProducts,
} from './rules.repository.js';

export function presentRule(row: RuleWithProducts): ObservationRule {
  const conditions: RuleCondition[] = [];
  if (row.lowLimit !== null) {
    conditions.push({ name: 'low_limit', function_name: 'less_than', function_parameters: { limit: row.lowLimit } });
  }
  if (row.highLimit !== null) {
    conditions.push({
      name: 'hight_limit',
      function_name: 'greater_than',
      function_parameters: { limit: row.highLimit },
    });
  }
  return {
    id: row.id,
    name: row.name,
    measurement_type: row.typeUuid,
    cooldown: row.cooldown,
    active_time_threshold: row.activeTimeThreshold,
    conditions,
    actions: row.actions,
    products: row.productIds,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  };
}

/**
 * The rule's columns from the console's body, once what the contract cannot know is checked: its
 * measurement type exists and its products are the customer's.
 */
async function ruleValues(ctx: ServiceContext, input: ObservationRuleInput): Promise<RuleValues> {
  const problems: Record<string, string[]> = {};
  const [types, known] = await Promise.all([measurementTypeIds(ctx), findProductIds(ctx.tenant, input.products)]);
  if (!types.has(input.measurement_type)) problems.measurement_type = [M.invalidValue];
  input.products.forEach((id, i) => {
    if (!known.has(id)) problems[`products.${i}`] = [M.invalidValue];
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const limit = (name: RuleCondition['name']) =>
    input.conditions.find((c) => c.name === name)?.function_parameters.limit ?? null;
  return {
    name: input.name,
    typeUuid: input.measurement_type,
    cooldown: input.cooldown,
    activeTimeThreshold: input.active_time_threshold,
    lowLimit: limit('low_limit'),
    highLimit: limit('hight_limit'),
    actions: input.actions.map((action) => ({
      name: action.name,
      action_type: action.action_type,
      payload: { recipients: [...new Set(action.payload.recipients)] },
    })),
    createdBy: ctx.actor.id,
  };
}

/** GET /sensor-data/observation/rule/: the customer's events, last edited first (03 §2). */
export async function listRules(ctx: ServiceContext, query: ObservationRuleListQuery): Promise<Paged<ObservationRule>> {
  const { count, rows } = await findRulePage(ctx.tenant, {
    search: query.search || undefined,
    ordering: singleOrdering(query.ordering, RULE_ORDERINGS, '-modified'),
    ...pageWindow(query),
  });
  return { count, results: rows.map(presentRule) };
}

export async function getRule(ctx: ServiceContext, id: string): Promise<ObservationRule> {
  const row = await findRule(ctx.tenant, id);
  if (!row) throw notFound();
  return presentRule(row);
}

export async function createRule(ctx: ServiceContext, input: ObservationRuleInput): Promise<ObservationRule> {
  const values = await ruleValues(ctx, input);
  const row = await insertRule(ctx.tenant, values, input.products);
  ctx.log.info({ rule: row.id, name: row.name }, 'observation rule created');
  return presentRule(row);
}

/** PUT: the whole rule anew (who made it stays); its sensors are evaluated afresh. */
export async function updateRule(
  ctx: ServiceContext,
  id: string,
  input: ObservationRuleInput,
): Promise<ObservationRule> {
  const { createdBy: _keep, ...values } = await ruleValues(ctx, input);
  const row = await replaceRule(ctx.tenant, id, values, input.products);
  if (!row) throw notFound();
  return presentRule(row);
}

/** DELETE: the rule goes; its alerts stay with its name. */
export async function removeRule(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteRule(ctx.tenant, id))) throw notFound();
}
