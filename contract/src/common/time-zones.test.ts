import { describe, expect, it } from 'vitest';
import { isSupportedTimeZone, SupportedTimeZoneSchema } from './time-zones.js';

describe('supported time zones', () => {
  it('takes the IANA names the runtime lists, UTC, and links spelled as IANA spells them', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Asia/Calcutta', 'Etc/UTC']) {
      expect(isSupportedTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses unknown zones, other spellings and offsets', () => {
    for (const zone of ['Europe/Atlantis', 'europe/berlin', 'EUROPE/BERLIN', '+01:00', 'CET ', '', 'Mars/Base']) {
      expect(isSupportedTimeZone(zone), zone).toBe(false);
    }
    expect(SupportedTimeZoneSchema.safeParse('Nowhere/Land').error?.issues[0]?.message).toBe('unknownTimeZone');
  });
});
