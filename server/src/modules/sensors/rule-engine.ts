/**
 * The rule engine's timing (docs/sensors.md, Rules): pure, so its rules are tested without a
 * database or a clock. Times are the measurements' own (when the sensor measured), so a batch that
 * arrives late or twice is judged as it happened.
 */

/** A rule's limits and timing: a value below `low` or above `high` crosses. Seconds. */
export interface RuleLimits {
  low: number | null;
  high: number | null;
  activeTimeThreshold: number;
  cooldown: number;
}

/** A rule's evaluation of one sensor, as kept between batches. */
export interface RuleState {
  /** Since when the sensor's values have been crossing (null: the latest value did not). */
  breachSince: Date | null;
  /** The time of the value that last raised an alert. */
  lastAlertAt: Date | null;
  /** The time of the latest value evaluated: older ones arrive too late to change anything. */
  lastTime: Date | null;
}

export interface TimedValue {
  time: Date;
  value: number;
}

export function crosses(limits: Pick<RuleLimits, 'low' | 'high'>, value: number): boolean {
  return (limits.low !== null && value < limits.low) || (limits.high !== null && value > limits.high);
}

/**
 * Runs a sensor's new values (in any order) through a rule. A value alerts when the values have
 * crossed a limit without a break for at least `activeTimeThreshold` seconds up to it (0: at once)
 * and the previous alert was at least `cooldown` seconds before it; while the values keep crossing,
 * the sensor alerts again once a cooldown has passed. A value within the limits ends the crossing.
 * Values not newer than the latest one evaluated are skipped.
 * Answers the new state and the values that alert, in time order.
 */
export function evaluate(
  limits: RuleLimits,
  state: RuleState,
  values: readonly TimedValue[],
): { state: RuleState; alerts: TimedValue[] } {
  const next: RuleState = { ...state };
  const alerts: TimedValue[] = [];
  const ordered = [...values].sort((a, b) => a.time.getTime() - b.time.getTime());
  for (const measured of ordered) {
    const at = measured.time.getTime();
    if (next.lastTime && at <= next.lastTime.getTime()) continue;
    next.lastTime = measured.time;
    if (!crosses(limits, measured.value)) {
      next.breachSince = null;
      continue;
    }
    next.breachSince ??= measured.time;
    const heldLongEnough = at - next.breachSince.getTime() >= limits.activeTimeThreshold * 1000;
    const cooledDown = !next.lastAlertAt || at - next.lastAlertAt.getTime() >= limits.cooldown * 1000;
    if (heldLongEnough && cooledDown) {
      alerts.push(measured);
      next.lastAlertAt = measured.time;
    }
  }
  return { state: next, alerts };
}
