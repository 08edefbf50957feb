/**
 * report-{name}-{yyyy-MM-dd-HHmm}.csv, as a report's CSV is named (03 §2, §7; the time in UTC), the
 * name made safe for a file: characters file systems refuse, and control characters, become
 * underscores. The server names exports and runs with it; the console, downloads it saves itself.
 */
export function reportFileName(name: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  const safe =
    [...name]
      .map((c) => (/[\\/:*?"<>|]/.test(c) || c.charCodeAt(0) < 32 ? '_' : c))
      .join('')
      .trim() || 'report';
  return `report-${safe}-${stamp}.csv`;
}
