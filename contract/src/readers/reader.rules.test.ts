import { describe, expect, it } from 'vitest';
import { configurationDeleteRefusal } from './configuration.rules.js';
import {
  antennaMask,
  antennasOfMask,
  hasAtMostOneDecimal,
  heartbeatStatus,
  isValidRssiFilter,
  isValidSerial,
  setupModeExpired,
  txDeviceToPercent,
  txPercentToDevice,
} from './reader.rules.js';
import { TX_POWER_STEPS } from './reader.limits.js';

describe('tx power', () => {
  it.each([
    [0, 19],
    [20, 7],
    [40, 4],
    [60, 2],
    [80, 1],
    [100, 0],
  ])('%i %% ↔ device %i', (percent, device) => {
    expect(txPercentToDevice(percent)).toBe(device);
    expect(txDeviceToPercent(device)).toBe(percent);
  });

  it('round-trips every step and reads an unknown level as the nearest weaker step', () => {
    for (const step of TX_POWER_STEPS) expect(txDeviceToPercent(txPercentToDevice(step))).toBe(step);
    expect(txDeviceToPercent(10)).toBe(0);
    expect(txDeviceToPercent(3)).toBe(40);
    expect(txPercentToDevice(55)).toBe(2);
  });
});

describe('antenna mask', () => {
  it('sets bit n−1 for antenna n, 0 for none', () => {
    expect(antennaMask([])).toBe(0);
    expect(antennaMask([1])).toBe(1);
    expect(antennaMask([1, 3])).toBe(5);
    expect(antennaMask([4, 2, 2])).toBe(10);
    expect(antennaMask([32])).toBe(2 ** 31);
    expect(antennaMask([5, 28, 29, 32])).toBe(2 ** 4 + 2 ** 27 + 2 ** 28 + 2 ** 31);
  });

  it('reads the antennas back from a mask', () => {
    expect(antennasOfMask(0)).toEqual([]);
    expect(antennasOfMask(5)).toEqual([1, 3]);
    const beams = [5, 12, 28, 29, 32];
    expect(antennasOfMask(antennaMask(beams))).toEqual(beams);
  });
});

describe('RSSI filter', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['0', true],
    ['100', true],
    ['30:80', true],
    ['80:80', true],
    ['101', false],
    ['-1', false],
    ['80:30', false],
    ['30:', false],
    ['a', false],
    ['1:2:3', false],
    ['50.5', false],
  ])('%j → %s', (value, valid) => expect(isValidRssiFilter(value)).toBe(valid));
});

describe('seconds with one decimal', () => {
  it.each([
    [30, true],
    [0.5, true],
    [12.3, true],
    [12.34, false],
    [Number.NaN, false],
  ])('%d → %s', (value, ok) => expect(hasAtMostOneDecimal(value)).toBe(ok));
});

describe('heartbeat status', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const beat = (mode: string, secondsAgo: number, interval = 60) => ({
    mode,
    interval,
    updated: new Date(now - secondsAgo * 1000).toISOString(),
  });

  it('has no data as a warning', () => {
    expect(heartbeatStatus([], now)).toEqual({ mode: 'warn', reason: 'noData' });
  });

  it('takes the worst mode: error, warn, normal, setup', () => {
    expect(heartbeatStatus([beat('setup', 5), beat('normal', 5)], now).mode).toBe('normal');
    expect(heartbeatStatus([beat('normal', 5), beat('warn', 5)], now).mode).toBe('warn');
    expect(heartbeatStatus([beat('warn', 5), beat('error', 5), beat('setup', 5)], now).mode).toBe('error');
    expect(heartbeatStatus([beat('setup', 5)], now)).toEqual({ mode: 'setup', reason: 'reported' });
  });

  it('calls a heartbeat older than twice its interval stale (an error)', () => {
    expect(heartbeatStatus([beat('normal', 120, 60)], now).mode).toBe('normal');
    expect(heartbeatStatus([beat('normal', 121, 60)], now)).toEqual({ mode: 'error', reason: 'stale' });
    expect(heartbeatStatus([beat('normal', 5), beat('setup', 31, 15)], now).reason).toBe('stale');
  });
});

describe('setup mode expiry and serials', () => {
  const start = '2026-11-23T12:00:00.000Z';
  it('expires 30 minutes after setup_mode_read', () => {
    expect(setupModeExpired(start, Date.parse(start) + 30 * 60_000 - 1)).toBe(false);
    expect(setupModeExpired(start, Date.parse(start) + 30 * 60_000)).toBe(true);
    expect(setupModeExpired(null, Date.now())).toBe(false);
    expect(setupModeExpired(start, Date.parse(start) + 2_000, 1_000)).toBe(true);
  });

  it('wants a serial without whitespace', () => {
    expect(isValidSerial('FX9600-01')).toBe(true);
    expect(isValidSerial('')).toBe(false);
    expect(isValidSerial('FX 01')).toBe(false);
  });
});

describe('configurationDeleteRefusal', () => {
  it('refuses a configuration readers run and allows one they do not', () => {
    expect(configurationDeleteRefusal({ reader_count: 2 })).toBe('configurationInUse');
    expect(configurationDeleteRefusal({ reader_count: 0 })).toBeNull();
  });
});
