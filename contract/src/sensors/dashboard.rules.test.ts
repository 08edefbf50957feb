import { describe, expect, it } from 'vitest';
import { sensorStatus } from './dashboard.rules.js';

describe('a sensor’s status', () => {
  it.each([
    [4, { low: 2, high: 8 }, 1, 'ok'],
    [2, { low: 2, high: 8 }, 1, 'ok'],
    [8, { low: 2, high: 8 }, 2, 'ok'],
    [1.99, { low: 2, high: 8 }, 1, 'alert'],
    [8.01, { low: 2, high: 8 }, 1, 'alert'],
    [-30, { low: null, high: -15.5 }, 1, 'ok'],
    [-10, { low: null, high: -15.5 }, 1, 'alert'],
    [100, { low: 2, high: null }, 1, 'ok'],
    [100, { low: null, high: null }, 0, 'unwatched'],
  ] as const)('is %s against %o of %i rules: %s', (value, limits, rules, status) => {
    expect(sensorStatus(value, limits, rules)).toBe(status);
  });
});
