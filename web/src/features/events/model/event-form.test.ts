import { describe, expect, it } from 'vitest';
import type { ObservationRule, RuleRecipient } from '@tagtrack/contract';
import {
  eventFormSchema,
  eventFormValues,
  newAction,
  newEventValues,
  recipientOptions,
  serverFieldToFormField,
  toEventPayload,
  type EventFormValues,
} from './event-form';

const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';

const users: RuleRecipient[] = [
  { id: 1, username: 'admin', email: 'admin@example.com', phone_number: '+4711111111' },
  { id: 2, username: 'olivia', email: 'olivia@example.com', phone_number: '' },
  { id: 3, username: 'nomail', email: '', phone_number: '+4722222222' },
];

const rule: ObservationRule = {
  id: '0b7c1f7e-1d5a-4a57-9a1f-0e3b6c2d9a10',
  name: 'Freezer watch',
  measurement_type: TEMPERATURE,
  cooldown: 60,
  active_time_threshold: 30,
  conditions: [
    { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: -20.5 } },
    { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
  ],
  actions: [
    {
      name: 'Mail',
      action_type: 'email',
      payload: { recipients: ['olivia@example.com', 'cold@example.org'] },
    },
    { name: 'sms', action_type: 'sms', payload: { recipients: ['+4722222222', '+4799999999'] } },
  ],
  products: [4, 9],
  created: '2026-11-01T08:00:00.000Z',
  modified: '2026-11-02T08:00:00.000Z',
};

/** A valid event's values, changed by `change`. */
const valid = (change: Partial<EventFormValues> = {}): EventFormValues => ({
  ...newEventValues(TEMPERATURE),
  name: 'Too warm',
  limits: { low: '', high: '8' },
  products: [4],
  ...change,
});

/** The form's messages by field, as the resolver puts them. */
function messages(values: EventFormValues): Record<string, string> {
  const result = eventFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the event form', () => {
  it('starts a new event on the first measurement type, cooldown 5 s and time to alert 0', () => {
    expect(newEventValues(TEMPERATURE)).toEqual({
      name: '',
      measurement_type: TEMPERATURE,
      cooldown: '5',
      active_time_threshold: '0',
      limits: { low: '', high: '' },
      products: [],
      actions: [],
    });
  });

  it('sends the limits as conditions, dropping an empty one', () => {
    const both = toEventPayload(valid({ limits: { low: '2', high: '8.25' } }));
    expect(both.conditions).toEqual([
      { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 2 } },
      { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8.25 } },
    ]);
    expect(toEventPayload(valid({ limits: { low: '-4.5', high: ' ' } })).conditions).toEqual([
      { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: -4.5 } },
    ]);
    expect(toEventPayload(valid({ limits: { low: '', high: '0' } })).conditions).toEqual([
      { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 0 } },
    ]);
    expect(toEventPayload(valid({ limits: { low: '', high: '' } })).conditions).toEqual([]);
  });

  it('sends the chosen users’ and the custom recipients together, each once', () => {
    const payload = toEventPayload(
      valid({
        name: '  Too warm ',
        cooldown: '60',
        active_time_threshold: '30',
        actions: [
          {
            name: '',
            action_type: 'email',
            recipients: ['admin@example.com'],
            custom: [' cold@example.org ', 'admin@example.com', ''],
          },
        ],
      }),
    );
    expect(payload).toEqual({
      name: 'Too warm',
      measurement_type: TEMPERATURE,
      cooldown: 60,
      active_time_threshold: 30,
      conditions: [{ name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } }],
      actions: [
        { name: 'email', action_type: 'email', payload: { recipients: ['admin@example.com', 'cold@example.org'] } },
      ],
      products: [4],
    });
  });

  it('opens a saved event with its limits, and its recipients split into users and custom ones', () => {
    const values = eventFormValues(rule, users);
    expect(values).toEqual({
      name: 'Freezer watch',
      measurement_type: TEMPERATURE,
      cooldown: '60',
      active_time_threshold: '30',
      limits: { low: '-20.5', high: '8' },
      products: [4, 9],
      actions: [
        { name: 'Mail', action_type: 'email', recipients: ['olivia@example.com'], custom: ['cold@example.org'] },
        { name: 'sms', action_type: 'sms', recipients: ['+4722222222'], custom: ['+4799999999'] },
      ],
    });
    // Saved again unchanged, it sends what it was.
    const { id: _id, created: _created, modified: _modified, ...input } = rule;
    expect(toEventPayload(values)).toEqual(input);
  });

  it('offers each action type the users with an address of that kind', () => {
    expect([...recipientOptions(users, 'email').keys()]).toEqual(['admin@example.com', 'olivia@example.com']);
    expect([...recipientOptions(users, 'sms').keys()]).toEqual(['+4711111111', '+4722222222']);
    expect(newAction([])).toEqual({ name: 'email', action_type: 'email', recipients: [], custom: [] });
    expect(newAction(['email']).action_type).toBe('sms');
  });

  it('puts the contract’s messages on the fields they are about', () => {
    expect(messages(valid())).toEqual({});
    expect(messages(valid({ name: ' ', products: [], cooldown: '', limits: { low: '', high: '' } }))).toEqual({
      name: 'requiredName',
      products: 'productRequired',
      cooldown: 'requiredField',
      limits: 'requiredLimit',
    });
    expect(messages(valid({ limits: { low: '9', high: '8' } }))).toEqual({ limits: 'limitError' });
    // Beside the other fields' messages too, though the contract checks the limits last.
    expect(messages(valid({ name: '', limits: { low: '9', high: '9' } }))).toEqual({
      name: 'requiredName',
      limits: 'limitError',
    });
    expect(messages(valid({ limits: { low: '', high: '8.123' } }))).toEqual({ 'limits.high': 'limitDecimals' });
    expect(messages(valid({ limits: { low: '1.005', high: '8' } }))).toEqual({ 'limits.low': 'limitDecimals' });
    expect(
      messages(
        valid({
          actions: [
            { name: '', action_type: 'email', recipients: [], custom: [] },
            { name: '', action_type: 'sms', recipients: ['+4711111111'], custom: ['+4712', '0047123'] },
          ],
        }),
      ),
    ).toEqual({ 'actions.0.recipients': 'recipientRequired', 'actions.1.custom.1': 'phoneNumberMatcher' });
    expect(
      messages(valid({ actions: [{ name: '', action_type: 'email', recipients: [], custom: ['nobody'] }] })),
    ).toEqual({ 'actions.0.custom.0': 'invalidEmailAddress' });
    expect(messages(valid({ actions: [{ name: '', action_type: '', recipients: [], custom: ['x'] }] }))).toEqual({
      'actions.0.action_type': 'requiredActionType',
    });
  });

  it('puts a server error’s field on the form’s field', () => {
    const values = valid({
      limits: { low: '', high: '8' },
      actions: [{ name: '', action_type: 'email', recipients: ['admin@example.com'], custom: ['x@example.com'] }],
    });
    expect(serverFieldToFormField('conditions.0.function_parameters.limit', values)).toBe('limits.high');
    expect(serverFieldToFormField('conditions', values)).toBe('limits');
    expect(serverFieldToFormField('actions.0.payload.recipients.1', values)).toBe('actions.0.custom.0');
    expect(serverFieldToFormField('actions.0.payload.recipients', values)).toBe('actions.0.recipients');
    expect(serverFieldToFormField('products.0', values)).toBe('products');
    expect(serverFieldToFormField('measurement_type', values)).toBe('measurement_type');
  });
});
