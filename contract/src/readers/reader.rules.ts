import {
  HEARTBEAT_MODES,
  HEARTBEAT_STALE_INTERVALS,
  SETUP_MODE_MS,
  TX_POWER_DEVICE,
  TX_POWER_STEPS,
  type HeartbeatMode,
  type TxPowerPercent,
} from './reader.limits.js';

/** RF power percent → device TxLevel (02 §4 Configuration save). */
export function txPercentToDevice(percent: number): number {
  const step = nearestStep(percent);
  return TX_POWER_DEVICE[step];
}

/** Device TxLevel → percent, the inverse on load; an unknown level reads as the nearest weaker step. */
export function txDeviceToPercent(level: number): TxPowerPercent {
  const exact = TX_POWER_STEPS.find((p) => TX_POWER_DEVICE[p] === level);
  if (exact !== undefined) return exact;
  // Larger attenuation is weaker: the strongest step whose level is still at or above this one.
  const weaker = [...TX_POWER_STEPS].reverse().find((p) => TX_POWER_DEVICE[p] >= level);
  return weaker ?? 0;
}

function nearestStep(percent: number): TxPowerPercent {
  return TX_POWER_STEPS.reduce((best, step) => (Math.abs(step - percent) < Math.abs(best - percent) ? step : best));
}

/** Antennas (1-based) → AntennaMask: antenna n sets bit n−1; none is 0. */
export function antennaMask(antennas: readonly number[]): number {
  // Numbers, not bit operators: masks of 32 antennas exceed 31 bits.
  return [...new Set(antennas)].filter((n) => n >= 1 && n <= 53).reduce((mask, n) => mask + 2 ** (n - 1), 0);
}

/** AntennaMask → the antennas it selects, ascending. */
export function antennasOfMask(mask: number): number[] {
  const antennas: number[] = [];
  let rest = Math.max(0, Math.floor(mask));
  for (let n = 1; rest > 0; n += 1) {
    if (rest % 2 === 1) antennas.push(n);
    rest = Math.floor(rest / 2);
  }
  return antennas;
}

/** RssiFilter: empty (the default applies), a percentage 0–100, or low:high with both 0–100. */
export function isValidRssiFilter(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  const percent = (part: string) => /^\d{1,3}$/.test(part) && Number(part) <= 100;
  const parts = text.split(':');
  if (parts.length === 1) return percent(parts[0]!);
  if (parts.length === 2) return percent(parts[0]!) && percent(parts[1]!) && Number(parts[0]) <= Number(parts[1]);
  return false;
}

/** At most one decimal (time_2_collect, FilterLongTimeSeenTimeout). */
export function hasAtMostOneDecimal(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 10) - value * 10) < 1e-9;
}

export interface HeartbeatLike {
  mode: string;
  /** ISO time of the last heartbeat of this application. */
  updated: string;
  /** Seconds between heartbeats. */
  interval: number;
}

export type HeartbeatStatus =
  { mode: HeartbeatMode; reason: 'reported' } | { mode: 'error'; reason: 'stale' } | { mode: 'warn'; reason: 'noData' };

/**
 * A reader's heartbeat status (02 §4): no data is a warning ('No data available'); a heartbeat
 * older than twice its interval is an error ('Stale data'); otherwise the worst mode reported wins,
 * in the order error, warn, normal, setup.
 */
export function heartbeatStatus(heartbeats: readonly HeartbeatLike[], now: number): HeartbeatStatus {
  if (heartbeats.length === 0) return { mode: 'warn', reason: 'noData' };
  if (heartbeats.some((h) => isStale(h, now))) return { mode: 'error', reason: 'stale' };
  const rank = (mode: string) => {
    const i = (HEARTBEAT_MODES as readonly string[]).indexOf(mode);
    return i === -1 ? 0 : i; // an unknown mode counts as an error
  };
  const worst = heartbeats.reduce((a, b) => (rank(b.mode) < rank(a.mode) ? b : a));
  return { mode: HEARTBEAT_MODES[rank(worst.mode)]!, reason: 'reported' };
}

export function isStale(heartbeat: HeartbeatLike, now: number): boolean {
  const updated = Date.parse(heartbeat.updated);
  if (Number.isNaN(updated)) return true;
  return now - updated > HEARTBEAT_STALE_INTERVALS * heartbeat.interval * 1000;
}

/** Setup mode has expired 30 minutes after setup_mode_read (a null read time has not started). */
export function setupModeExpired(setupModeRead: string | null, now: number, lengthMs = SETUP_MODE_MS): boolean {
  if (!setupModeRead) return false;
  const started = Date.parse(setupModeRead);
  return !Number.isNaN(started) && now - started >= lengthMs;
}

/** The reader forms' serial: required, no whitespace. */
export function isValidSerial(serial: string): boolean {
  return serial.length > 0 && !/\s/.test(serial);
}
