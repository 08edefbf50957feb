import { describe, expect, it } from 'vitest';
import { ObservationRuleInputSchema } from './rule.schemas.js';

const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
const low = (limit: number) => ({ name: 'low_limit', function_name: 'less_than', function_parameters: { limit } });
const high = (limit: number) => ({
  name: 'hight_limit',
  function_name: 'greater_than',
  function_parameters: { limit },
});
const valid = {
  name: 'Freezer too warm',
  measurement_type: TEMPERATURE,
  conditions: [high(-15)],
  actions: [{ name: 'Mail', action_type: 'email', payload: { recipients: ['ops@example.com'] } }],
  products: [12],
};
/** The messages (keys) of a body's refusal, by field. */
function refusal(body: object): Record<string, string[]> {
  const result = ObservationRuleInputSchema.safeParse(body);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('observation rules (03 §3, §5)', () => {
  it('takes the spec’s body with cooldown 5 and time to alert 0 by default', () => {
    expect(ObservationRuleInputSchema.parse(valid)).toMatchObject({ cooldown: 5, active_time_threshold: 0 });
    expect(
      ObservationRuleInputSchema.parse({ ...valid, conditions: [low(2.5), high(8.25)], actions: [] }),
    ).toBeTruthy();
  });

  it('asks for a name, a limit, a product and a recipient per action', () => {
    expect(refusal({ ...valid, name: ' ', conditions: [], products: [] })).toEqual({
      name: ['requiredName'],
      conditions: ['requiredLimit'],
      products: ['productRequired'],
    });
    expect(refusal({ ...valid, actions: [{ action_type: 'sms', payload: { recipients: [] } }] })).toEqual({
      'actions.0.payload.recipients': ['recipientRequired'],
    });
  });

  it('takes whole seconds from 0 to 30 days as cooldown and time to alert', () => {
    expect(refusal({ ...valid, cooldown: -5, active_time_threshold: 1.5 })).toEqual({
      cooldown: ['wholeSecondsRequired'],
      active_time_threshold: ['wholeSecondsRequired'],
    });
    expect(refusal({ ...valid, cooldown: 2_592_001 })).toEqual({ cooldown: ['numberAtMost|max=2592000'] });
    expect(refusal({ ...valid, cooldown: 0, active_time_threshold: 2_592_000 })).toEqual({});
  });

  it('keeps limits to 2 decimals and the low one below the high one', () => {
    expect(refusal({ ...valid, conditions: [high(1.005)] })).toEqual({
      'conditions.0.function_parameters.limit': ['limitDecimals'],
    });
    expect(refusal({ ...valid, conditions: [low(5), high(5)] })).toEqual({ conditions: ['limitError'] });
    expect(refusal({ ...valid, conditions: [low(1), low(2)] })).toEqual({ conditions: ['invalidValue'] });
    // A limit's name goes with its function.
    expect(refusal({ ...valid, conditions: [{ ...high(1), function_name: 'less_than' }] })).not.toEqual({});
  });

  it('takes at most two actions, one of each type, with valid addresses and phone numbers', () => {
    const mail = { action_type: 'email', payload: { recipients: ['a@example.com'] } };
    const sms = { action_type: 'sms', payload: { recipients: ['+4512345678'] } };
    expect(refusal({ ...valid, actions: [mail, sms] })).toEqual({});
    expect(refusal({ ...valid, actions: [mail, mail] })).toEqual({ actions: ['actionTypeRepeated'] });
    expect(refusal({ ...valid, actions: [mail, sms, mail] })).toMatchObject({
      actions: expect.arrayContaining(['actionsMax']),
    });
    expect(
      refusal({
        ...valid,
        actions: [
          { action_type: 'email', payload: { recipients: ['not an address'] } },
          { action_type: 'sms', payload: { recipients: ['12345'] } },
        ],
      }),
    ).toEqual({
      'actions.0.payload.recipients.0': ['invalidEmailAddress'],
      'actions.1.payload.recipients.0': ['phoneNumberMatcher'],
    });
  });
});
