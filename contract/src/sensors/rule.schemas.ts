import { z } from 'zod';
import { PHONE_PATTERN } from '../auth/auth.rules.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, orderingSchema, pageSizeSchema } from '../common/pagination.js';
import { messageWithParams } from '../common/messages.js';

/** Limits of an observation rule (sensor monitoring event): 03 §3, §5, §9. */
export const RULE_NAME_MAX = 255;
export const RULE_ACTIONS_MAX = 2;
export const RULE_COOLDOWN_DEFAULT = 5;
export const RULE_ACTIVE_TIME_THRESHOLD_DEFAULT = 0;
/** The longest cooldown or time to alert, in seconds (30 days). */
export const RULE_SECONDS_MAX = 2_592_000;
export const ACTION_TYPES = ['email', 'sms'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** A limit: a number with at most 2 decimals (the form's step is 0.01). */
const LimitSchema = z
  .number({ error: 'requiredLimit' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 && Math.abs(v) < 1e9, 'limitDecimals');

/**
 * A rule's condition: the low limit (`low_limit`, less_than) or the high one (`hight_limit`, so
 * spelled, greater_than), each with function_parameters.limit.
 */
export const RuleConditionSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('low_limit'),
    function_name: z.literal('less_than'),
    function_parameters: z.object({ limit: LimitSchema }),
  }),
  z.object({
    name: z.literal('hight_limit'),
    function_name: z.literal('greater_than'),
    function_parameters: z.object({ limit: LimitSchema }),
  }),
]);
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

/** An action: e-mail or SMS to its recipients (addresses, or phone numbers with a plus sign). */
export const RuleActionSchema = z
  .object({
    name: z.string().trim().max(RULE_NAME_MAX).default(''),
    action_type: z.enum(ACTION_TYPES, { error: 'requiredActionType' }),
    payload: z.object({
      recipients: z.array(z.string().trim().max(254)).min(1, 'recipientRequired').max(50),
    }),
  })
  .superRefine((action, ctx) => {
    action.payload.recipients.forEach((recipient, i) => {
      const valid =
        action.action_type === 'email' ? z.email().safeParse(recipient).success : PHONE_PATTERN.test(recipient);
      if (!valid) {
        ctx.addIssue({
          code: 'custom',
          path: ['payload', 'recipients', i],
          message: action.action_type === 'email' ? 'invalidEmailAddress' : 'phoneNumberMatcher',
        });
      }
    });
  });
export type RuleAction = z.infer<typeof RuleActionSchema>;

/** A cooldown or time to alert: whole seconds, 0 to 30 days. */
const seconds = z
  .number({ error: 'requiredField' })
  .int('wholeSecondsRequired')
  .min(0, 'wholeSecondsRequired')
  .max(RULE_SECONDS_MAX, messageWithParams('numberAtMost', { max: RULE_SECONDS_MAX }));

/**
 * An observation rule as the console sends it (POST and PUT /sensor-data/observation/rule/): 03 §3
 * fields, 03 §5 rules. Empty limits are dropped by the console before sending.
 */
export const ObservationRuleInputSchema = z
  .object({
    name: z.string({ error: 'requiredName' }).trim().min(1, 'requiredName').max(RULE_NAME_MAX, 'MaxLengthError'),
    measurement_type: z.uuid({ error: 'invalidValue' }),
    cooldown: seconds.default(RULE_COOLDOWN_DEFAULT),
    active_time_threshold: seconds.default(RULE_ACTIVE_TIME_THRESHOLD_DEFAULT),
    conditions: z.array(RuleConditionSchema).max(2, 'requiredLimit'),
    actions: z.array(RuleActionSchema).max(RULE_ACTIONS_MAX, 'actionsMax').default([]),
    products: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1, 'productRequired').max(10_000),
  })
  .superRefine((rule, ctx) => {
    const low = rule.conditions.filter((c) => c.name === 'low_limit');
    const high = rule.conditions.filter((c) => c.name === 'hight_limit');
    if (rule.conditions.length === 0) ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'requiredLimit' });
    if (low.length > 1 || high.length > 1)
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'invalidValue' });
    const [lowLimit, highLimit] = [low[0]?.function_parameters.limit, high[0]?.function_parameters.limit];
    if (lowLimit !== undefined && highLimit !== undefined && !(lowLimit < highLimit)) {
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'limitError' });
    }
    const types = rule.actions.map((a) => a.action_type);
    if (new Set(types).size !== types.length) {
      ctx.addIssue({ code: 'custom', path: ['actions'], message: 'actionTypeRepeated' });
    }
  });
export type ObservationRuleInput = z.infer<typeof ObservationRuleInputSchema>;

/** An observation rule as the server answers it: the input's fields, its id (a uuid) and dates. */
export const ObservationRuleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  measurement_type: z.uuid(),
  cooldown: z.number().int(),
  active_time_threshold: z.number().int(),
  conditions: z.array(RuleConditionSchema),
  actions: z.array(
    z.object({
      name: z.string(),
      action_type: z.enum(ACTION_TYPES),
      payload: z.object({ recipients: z.array(z.string()) }),
    }),
  ),
  products: z.array(z.number().int()),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});
export type ObservationRule = z.infer<typeof ObservationRuleSchema>;

export const RULE_ORDERINGS = ['modified', 'name', 'created'] as const;

/** GET /sensor-data/observation/rule/: newest edit first unless ordered otherwise; search in names. */
export const ObservationRuleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: pageSizeSchema(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  ordering: orderingSchema(RULE_ORDERINGS),
});
export type ObservationRuleListQuery = z.infer<typeof ObservationRuleListQuerySchema>;

/**
 * Someone an event's actions may notify (GET /sensor-data/observation/recipient/): the users of the
 * customer with their e-mail address and phone number, for every role that may open the event form.
 */
export const RuleRecipientSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
export type RuleRecipient = z.infer<typeof RuleRecipientSchema>;
