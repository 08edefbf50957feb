import type { ValidationMessageKey } from '@tagtrack/contract';

/** A schedule's period as the pickers hold it; an end of null means "No end". */
export interface SchedulePeriod {
  start: Date | null;
  end: Date | null;
}

/** The message key of each period field that breaks a rule; an empty object when it is valid. */
export interface ScheduleIssues {
  start?: ValidationMessageKey;
  end?: ValidationMessageKey;
}

const isDate = (value: Date | null): value is Date => value !== null && !Number.isNaN(value.getTime());
const MINUTE = 60_000;

/**
 * The scheduled report's period rules (03 §5): a start is required; the end must not be earlier
 * than the start; on create (and duplicate, whose start is reset to now) the start must not be
 * before now. The pickers have whole minutes, so a start in the current minute is not "before now".
 * A date the picker could not read (half typed) is invalid.
 */
export function scheduleIssues(start: Date | null, end: Date | null, now: Date, creating: boolean): ScheduleIssues {
  const issues: ScheduleIssues = {};
  if (start === null) issues.start = 'startDateRequired';
  else if (!isDate(start)) issues.start = 'invalidValue';
  else if (creating && start.getTime() < Math.floor(now.getTime() / MINUTE) * MINUTE) {
    issues.start = 'scheduleStartInPast';
  }
  if (end !== null && !isDate(end)) issues.end = 'invalidValue';
  else if (isDate(end) && isDate(start) && end.getTime() < start.getTime()) issues.end = 'scheduleEndBeforeStart';
  return issues;
}

/** Whether the period may be saved. */
export const schedulePeriodValid = (issues: ScheduleIssues) => !issues.start && !issues.end;
