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
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const stamp = `${part('year')}-${part('month')}-${part('day')}-${part('hour')}${part('minute')}${part('second')}`;
  return `report-${safeReportName(name)}-${stamp}${copy > 1 ? `-${copy}` : ''}.csv`;
}
