import { describe, expect, it } from 'vitest';
import { DateTimeSchema, isStorableDateTime, isTimeZone, isTooFarAhead, TimeZoneSchema, timeZones } from './dates.js';

describe('DateTimeSchema', () => {
  it.each([
    ['2026-11-29T10:00:00Z', true],
    ['2026-11-29T10:00:00.123456+02:00', true],
    ['0001-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59.999Z', true],
    ['2026-11-29T10:00:00+15:59', true],
    ['2026-11-29T10:00:00-15:59', true],
    // JavaScript reads these; PostgreSQL refuses them.
    ['0000-01-01T00:00:00Z', false],
    ['0000-12-31T23:59:59Z', false],
    ['2026-11-29T10:00:00+16:00', false],
    ['2026-11-29T10:00:00-23:59', false],
    // Instants before year 1 or after 9999 once the offset is applied.
    ['0001-01-01T00:30:00+01:00', false],
    ['9999-12-31T23:30:00-01:00', false],
    ['2026-02-30T10:00:00Z', false],
    ['2026-11-29T10:00:00', false],
    ['2026-11-29', false],
    ['tomorrow', false],
  ])('%s → %s', (text, ok) => {
    expect(isStorableDateTime(text)).toBe(ok);
    const parsed = DateTimeSchema.safeParse(text);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual(['invalidDateTime']);
  });

  it('refuses what is not text with its message', () => {
    const parsed = DateTimeSchema.safeParse(20261129);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('invalidDateTime');
  });
});

describe('TimeZoneSchema', () => {
  it.each([
    ['UTC', true],
    ['Europe/Berlin', true],
    ['America/Los_Angeles', true],
    // The current IANA name and the one ICU lists: browsers answer either.
    ['Asia/Kolkata', true],
    ['Asia/Calcutta', true],
    ['Europe/Kyiv', true],
    // Removed from the IANA database (PostgreSQL no longer knows it), aliases, and nonsense.
    ['US/Pacific-New', false],
    ['US/Pacific', false],
    ['Etc/GMT+5', false],
    ['utc', false],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('%s → %s', (zone, ok) => {
    expect(isTimeZone(zone)).toBe(ok);
    const parsed = TimeZoneSchema.safeParse(zone);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual(['unknownTimeZone']);
  });

  it('lists every zone the runtime lists, and UTC', () => {
    const zones = timeZones();
    expect(zones.has('UTC')).toBe(true);
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(zones.has(zone)).toBe(true);
  });
});

describe('isTooFarAhead', () => {
  const now = Date.parse('2026-11-29T10:00:00Z');
  it.each([
    ['2026-11-30T10:00:00Z', false],
    ['2026-11-30T10:00:00.001Z', true],
    ['9999-12-31T00:00:00Z', true],
    ['2020-01-01T00:00:00Z', false],
  ])('%s → %s', (text, ahead) => expect(isTooFarAhead(Date.parse(text), now)).toBe(ahead));
});
