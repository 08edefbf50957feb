import type { SensorLimits, SensorStatus } from './dashboard.schemas.js';

/**
 * The status of a value against the tightest limits of the rules watching it (`rules` of them):
 * outside a limit is `alert` (as the rule engine crosses: below low or above high), else `ok`;
 * with no rule, `unwatched`.
 */
export function sensorStatus(value: number, limits: SensorLimits, rules: number): SensorStatus {
  if (rules === 0) return 'unwatched';
  if (limits.low !== null && value < limits.low) return 'alert';
  if (limits.high !== null && value > limits.high) return 'alert';
  return 'ok';
}
