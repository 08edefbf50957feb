import { describe, expect, it } from 'vitest';
import { crosses, evaluate, type RuleLimits, type RuleState } from './rule-engine.js';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const at = (seconds: number, value: number) => ({ time: new Date(T0 + seconds * 1000), value });
const fresh: RuleState = { breachSince: null, lastAlertAt: null, lastTime: null };
const limits = (overrides: Partial<RuleLimits> = {}): RuleLimits => ({
  low: 2,
  high: 8,
  activeTimeThreshold: 0,
  cooldown: 5,
  ...overrides,
});
const alertSeconds = (result: ReturnType<typeof evaluate>) => result.alerts.map((a) => (a.time.getTime() - T0) / 1000);

describe('crosses', () => {
  it('is below the low limit or above the high one, never on a limit', () => {
    expect(crosses({ low: 2, high: 8 }, 1.99)).toBe(true);
    expect(crosses({ low: 2, high: 8 }, 8.01)).toBe(true);
    expect(crosses({ low: 2, high: 8 }, 2)).toBe(false);
    expect(crosses({ low: 2, high: 8 }, 8)).toBe(false);
    expect(crosses({ low: null, high: 8 }, -100)).toBe(false);
    expect(crosses({ low: 2, high: null }, 100)).toBe(false);
  });
});

describe('evaluate', () => {
  it('alerts at once without a time to alert, then not again within the cooldown', () => {
    const result = evaluate(limits(), fresh, [at(0, 9), at(1, 9.5), at(4, 10), at(5, 10), at(7, 11), at(10, 12)]);
    expect(alertSeconds(result)).toEqual([0, 5, 10]);
    expect(result.state.lastAlertAt).toEqual(new Date(T0 + 10_000));
  });

  it('waits for the time to alert, counted from the first crossing value, and starts over when a value is back within', () => {
    const rule = limits({ activeTimeThreshold: 30 });
    expect(alertSeconds(evaluate(rule, fresh, [at(0, 9), at(20, 9), at(29, 9)]))).toEqual([]);
    expect(alertSeconds(evaluate(rule, fresh, [at(0, 9), at(20, 9), at(30, 9)]))).toEqual([30]);
    // Back within at 25 s: the crossing from 26 s has not lasted 30 s at 40 s.
    expect(alertSeconds(evaluate(rule, fresh, [at(0, 9), at(25, 5), at(26, 1), at(40, 1), at(56, 1)]))).toEqual([56]);
  });

  it('carries the crossing and the cooldown over from the kept state (a restart, another batch)', () => {
    const rule = limits({ activeTimeThreshold: 10, cooldown: 60 });
    const first = evaluate(rule, fresh, [at(0, 9), at(5, 9)]);
    expect(first.alerts).toEqual([]);
    expect(first.state.breachSince).toEqual(new Date(T0));
    const second = evaluate(rule, first.state, [at(10, 9)]);
    expect(alertSeconds(second)).toEqual([10]);
    const third = evaluate(rule, second.state, [at(40, 9), at(69, 9)]);
    expect(third.alerts).toEqual([]);
    expect(alertSeconds(evaluate(rule, third.state, [at(70, 9)]))).toEqual([70]);
  });

  it('judges values by their own times, whatever order they come in, and skips those older than the latest judged', () => {
    const rule = limits({ activeTimeThreshold: 10 });
    const result = evaluate(rule, fresh, [at(10, 9), at(0, 9)]);
    expect(alertSeconds(result)).toEqual([10]);
    const late = evaluate(rule, result.state, [at(3, 1), at(10, 1)]);
    expect(late.state).toEqual(result.state);
  });

  it('treats a cooldown of 0 as an alert for every crossing value', () => {
    expect(alertSeconds(evaluate(limits({ cooldown: 0 }), fresh, [at(0, 1), at(1, 1), at(2, 5), at(3, 9)]))).toEqual([
      0, 1, 3,
    ]);
  });
});
