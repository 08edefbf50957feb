import { z } from 'zod';
import {
  ACTION_TYPES,
  ObservationRuleInputSchema,
  RULE_ACTIVE_TIME_THRESHOLD_DEFAULT,
  RULE_COOLDOWN_DEFAULT,
  type ActionType,
  type ObservationRule,
  type ObservationRuleInput,
  type RuleCondition,
  type RuleRecipient,
} from '@tagtrack/contract';

/** A notification method as the form edits it (03 §3): users picked from the list, and typed-in ones. */
export interface EventActionForm {
  /** The saved action's name, kept; a new action is named after its type. */
  name: string;
  /** '' until one is chosen. */
  action_type: ActionType | '';
  /** The chosen users' e-mail addresses (email) or phone numbers (sms). */
  recipients: string[];
  /** The form-only custom e-mail addresses or phone numbers. */
  custom: string[];
}

export interface EventFormValues {
  name: string;
  measurement_type: string;
  /** Seconds as typed ('' when cleared: a number is required). */
  cooldown: string;
  active_time_threshold: string;
  /** The limits as typed; an empty one is dropped before sending (03 §5). */
  limits: { low: string; high: string };
  products: number[];
  actions: EventActionForm[];
}

/** A new event (03 §3, §9): the first measurement type, cooldown 5 s, time to alert 0, nothing else. */
export function newEventValues(measurementType: string): EventFormValues {
  return {
    name: '',
    measurement_type: measurementType,
    cooldown: String(RULE_COOLDOWN_DEFAULT),
    active_time_threshold: String(RULE_ACTIVE_TIME_THRESHOLD_DEFAULT),
    limits: { low: '', high: '' },
    products: [],
    actions: [],
  };
}

/** What a user offers an action of this type: their e-mail address or phone number ('' when none). */
export function recipientAddress(user: Pick<RuleRecipient, 'email' | 'phone_number'>, type: ActionType): string {
  return (type === 'email' ? user.email : user.phone_number).trim();
}

/** The users an action of this type may pick, by address: users without one are not offered. */
export function recipientOptions(users: readonly RuleRecipient[], type: ActionType): Map<string, RuleRecipient> {
  const options = new Map<string, RuleRecipient>();
  for (const user of users) {
    const address = recipientAddress(user, type);
    if (address && !options.has(address)) options.set(address, user);
  }
  return options;
}

/** A new action: the first type no other action has (03 §4: one per type). */
export function newAction(taken: readonly (ActionType | '')[]): EventActionForm {
  const type = ACTION_TYPES.find((candidate) => !taken.includes(candidate)) ?? '';
  return { name: type, action_type: type, recipients: [], custom: [] };
}

const limitText = (conditions: readonly RuleCondition[], name: RuleCondition['name']) => {
  const condition = conditions.find((c) => c.name === name);
  return condition ? String(condition.function_parameters.limit) : '';
};

/**
 * A saved event in the form: its limits from its conditions, and each action's recipients split
 * into the users' addresses the list offers and the custom ones.
 */
export function eventFormValues(rule: ObservationRule, users: readonly RuleRecipient[]): EventFormValues {
  return {
    name: rule.name,
    measurement_type: rule.measurement_type,
    cooldown: String(rule.cooldown),
    active_time_threshold: String(rule.active_time_threshold),
    limits: { low: limitText(rule.conditions, 'low_limit'), high: limitText(rule.conditions, 'hight_limit') },
    products: [...rule.products],
    actions: rule.actions.map((action) => {
      const known = recipientOptions(users, action.action_type);
      const recipients = action.payload.recipients;
      return {
        name: action.name,
        action_type: action.action_type,
        recipients: recipients.filter((r) => known.has(r)),
        custom: recipients.filter((r) => !known.has(r)),
      };
    }),
  };
}

/** Where each recipient an action sends came from in the form: its users or its custom entries. */
type RecipientSource = readonly ['recipients' | 'custom', number];

/** An action's recipients as sent: the users', then the custom ones trimmed, each address once. */
function actionRecipients(action: EventActionForm): { recipients: string[]; sources: RecipientSource[] } {
  const recipients: string[] = [];
  const sources: RecipientSource[] = [];
  const add = (value: string, source: RecipientSource) => {
    const address = value.trim();
    if (!address || recipients.includes(address)) return;
    recipients.push(address);
    sources.push(source);
  };
  action.recipients.forEach((value, i) => add(value, ['recipients', i]));
  action.custom.forEach((value, i) => add(value, ['custom', i]));
  return { recipients, sources };
}

/** A number field as sent: '' is no number (NaN), which the schema refuses as required. */
const seconds = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The limits as conditions (03 §3): low_limit/less_than, hight_limit/greater_than; empty ones dropped. */
export function limitConditions(limits: EventFormValues['limits']): RuleCondition[] {
  const conditions: RuleCondition[] = [];
  if (limits.low.trim() !== '') {
    conditions.push({
      name: 'low_limit',
      function_name: 'less_than',
      function_parameters: { limit: Number(limits.low) },
    });
  }
  if (limits.high.trim() !== '') {
    conditions.push({
      name: 'hight_limit',
      function_name: 'greater_than',
      function_parameters: { limit: Number(limits.high) },
    });
  }
  return conditions;
}

/** What a save sends (POST or PUT /sensor-data/observation/rule/): the form's values as the contract's input. */
export function toEventPayload(values: EventFormValues): ObservationRuleInput {
  return {
    name: values.name.trim(),
    measurement_type: values.measurement_type,
    cooldown: seconds(values.cooldown),
    active_time_threshold: seconds(values.active_time_threshold),
    conditions: limitConditions(values.limits),
    actions: values.actions.map((action) => ({
      name: action.name || action.action_type,
      // An action without a type ('') is refused by the schema: requiredActionType.
      action_type: action.action_type as ActionType,
      payload: { recipients: actionRecipients(action).recipients },
    })),
    products: [...values.products],
  };
}

/**
 * The form's field for a path of the payload (a schema issue's, or a server error's field): the
 * conditions are the limits, a recipient is the user or custom entry it came from.
 */
export function formPath(path: readonly PropertyKey[], values: EventFormValues): PropertyKey[] {
  const [head, index, ...rest] = path;
  if (head === 'conditions') {
    if (typeof index !== 'number') return ['limits'];
    const name = limitConditions(values.limits)[index]?.name;
    return name ? ['limits', name === 'low_limit' ? 'low' : 'high'] : ['limits'];
  }
  if (head === 'products') return ['products'];
  if (head === 'actions' && typeof index === 'number') {
    const action = values.actions[index];
    if (rest[0] === 'payload') {
      const at = rest[2];
      const source = typeof at === 'number' && action ? actionRecipients(action).sources[at] : undefined;
      return source ? ['actions', index, ...source] : ['actions', index, 'recipients'];
    }
    // Its type, or its name, which the form does not show.
    return ['actions', index, 'action_type'];
  }
  return [...path];
}

/** A server error's dotted field (`actions.0.payload.recipients.1`) as the form's field. */
export function serverFieldToFormField(field: string, values: EventFormValues): string {
  const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return formPath(path, values).join('.');
}

/** A valid rule but for its conditions, to check the limits alone against the contract. */
const LIMITS_ALONE = {
  name: 'limits',
  measurement_type: '00000000-0000-4000-8000-000000000000',
  cooldown: 0,
  active_time_threshold: 0,
  actions: [],
  products: [1],
};

/**
 * The form's rules are the contract's (03 §5): the values are turned into what a save sends,
 * checked with ObservationRuleInputSchema, and each message (a key) is put on its field.
 */
export const eventFormSchema = z.custom<EventFormValues>().superRefine((values, ctx) => {
  const payload = toEventPayload(values);
  const result = ObservationRuleInputSchema.safeParse(payload);
  if (result.success) return;
  const issues = [...result.error.issues];
  // Zod checks the rule across its fields (a limit at least, low below high) only once every field
  // is valid; the form shows those messages with the others, so it asks them of the limits alone.
  if (!issues.some((issue) => issue.path[0] === 'conditions')) {
    const limits = ObservationRuleInputSchema.safeParse({ ...LIMITS_ALONE, conditions: payload.conditions });
    if (!limits.success) issues.push(...limits.error.issues.filter((issue) => issue.path[0] === 'conditions'));
  }
  for (const issue of issues) {
    ctx.addIssue({ code: 'custom', path: formPath(issue.path, values), message: issue.message });
  }
});
