import type { ParseKeys } from 'i18next';

/** A key of the announcements namespace: t() checks it against the English source. */
export type ReleaseItemKey = ParseKeys<'announcements'>;

export interface Release {
  /** As the console shows it, e.g. "v2.4.1" (the running release is FRONTEND_VERSION). */
  version: string;
  /** Release day, ISO 8601 (YYYY-MM-DD). */
  date: string;
  /** What the release brings, one i18n key per bullet. */
  items: readonly ReleaseItemKey[];
}

/** The releases announced on /announcements; add a new one at the top. */
export const RELEASES: readonly Release[] = [
  {
    version: 'v2.4.1',
    date: '2026-11-22',
    items: ['sessionRenewal', 'languages', 'roleMenus', 'errorReports', 'systemSettings', 'databases'],
  },
];

/** Numeric parts of "v2.4.10" → [2, 4, 10], so that 2.4.10 sorts after 2.4.9. */
function versionParts(version: string): number[] {
  return version
    .replace(/^v/i, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

function compareVersions(a: string, b: string): number {
  const [pa, pb] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Newest first: by release day, then by version for releases of the same day. */
export function newestFirst(releases: readonly Release[]): Release[] {
  return [...releases].sort((a, b) => b.date.localeCompare(a.date) || compareVersions(b.version, a.version));
}

/**
 * The locale for dates: the browser's own variant of the interface language when it has one
 * (English interface, en-GB browser → "22 November 2026"), else the interface language itself.
 */
export function dateLocale(language: string, preferred: readonly string[] = navigator.languages ?? []): string {
  const base = language.toLowerCase();
  return preferred.find((tag) => tag.toLowerCase() === base || tag.toLowerCase().startsWith(`${base}-`)) ?? language;
}

/**
 * The release day in the given locale. The ISO day is read and formatted in UTC, so no time zone
 * moves it to the day before or after.
 */
export function formatReleaseDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
