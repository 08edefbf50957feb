import { isStorableDateTime, isTimeZone, wallClockParts } from '../common/dates.js';
import { MESSAGE_KEYS as M } from '../common/messages.js';
import { attributeFilterValueIssue } from './report.schemas.js';

/**
 * report-{name}-{yyyy-MM-dd-HHmm}.csv, as a report's CSV is named (03 §2, §7; the time in UTC), the
 * name made safe for a file: characters file systems refuse, and control characters, become
 * underscores. The server names exports and runs with it; the console, downloads it saves itself.
 */
export function reportFileName(name: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `report-${safeReportName(name)}-${stamp}.csv`;
}

function safeReportName(name: string): string {
  return (
    [...name]
      .map((c) => (/[\\/:*?"<>|]/.test(c) || c.charCodeAt(0) < 32 ? '_' : c))
      .join('')
      .trim() || 'report'
  );
}

/**
 * report-{name}-{yyyy-MM-dd-HHmmss}.csv, as a scheduled report's run is named: the time the
 * history shows for it (when it was made), on the wall clock of the report's zone, to the second;
 * `copy` (2, 3, …) tells apart runs made in one second.
 */
export function reportRunFileName(name: string, at: Date, timeZone: string, copy = 1): string {
  const p = wallClockParts(at, timeZone);
  const stamp = `${p.year}-${p.month}-${p.day}-${p.hour}${p.minute}${p.second}`;
  return `report-${safeReportName(name)}-${stamp}${copy > 1 ? `-${copy}` : ''}.csv`;
}

/** The parts of a stored report_json that carry dates and its zone (either kind of report). */
export interface StoredReportDates {
  time_zone?: string | null;
  filters?: object;
  attribute_filters?: readonly { type: string; operator: string; value: string | string[] }[];
}

/**
 * The dates and zone of a stored report_json that the rule of common/dates.ts refuses, as field →
 * message keys (empty when none): a report saved before the rule, or written around it, would
 * otherwise fail in the database on every query, export and run. The zone is refused here when it
 * is not canonical; the server lets one the database knows pass (an alias such as US/Pacific).
 */
export function storedReportDateIssues(json: StoredReportDates): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  if (json.time_zone != null && !isTimeZone(json.time_zone)) issues.time_zone = [M.unknownTimeZone];
  const filters = (json.filters ?? {}) as Record<
    string,
    { type?: unknown; start?: unknown; end?: unknown } | undefined
  >;
  for (const name of ['latest_status_update', 'created']) {
    const filter = filters[name];
    if (filter?.type !== 'static') continue;
    for (const bound of ['start', 'end'] as const) {
      const value = filter[bound];
      if (value != null && (typeof value !== 'string' || !isStorableDateTime(value))) {
        issues[`filters.${name}.${bound}`] = [M.invalidDateTime];
      }
    }
  }
  (json.attribute_filters ?? []).forEach((filter, index) => {
    if (filter.type !== 'datetime') return;
    const issue = attributeFilterValueIssue(filter.type, filter.operator, filter.value);
    if (issue) issues[`attribute_filters.${index}.value`] = [issue];
  });
  return issues;
}
