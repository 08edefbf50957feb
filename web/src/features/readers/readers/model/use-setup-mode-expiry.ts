import { useEffect, useMemo, useState } from 'react';
import { READER_REFRESH_MS, SETUP_MODE_MS, setupModeExpired, type Reader } from '@tagtrack/contract';

/**
 * The browser tests cannot wait 30 minutes: a positive number of milliseconds stored under this
 * localStorage key shortens setup mode in this console (and nowhere else; the server's timer is
 * not affected). Read only here.
 */
export const SETUP_MODE_MS_OVERRIDE_KEY = 'tagtrack.setupModeMs';

export function setupModeLength(): number {
  const stored = Number(globalThis.localStorage?.getItem(SETUP_MODE_MS_OVERRIDE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : SETUP_MODE_MS;
}

/** The clock of the list: ticks every 4 s (the expiry check of 02 §4 and the heartbeat ages). */
export function useNow(intervalMs = READER_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The readers whose setup mode has run out (30 minutes after setup_mode_read), checked every 4 s. */
export function useExpiredSetupReaders(readers: readonly Reader[] | undefined, now: number): Reader[] {
  const length = useMemo(() => setupModeLength(), []);
  return useMemo(
    () => (readers ?? []).filter((r) => r.status === 'setup' && setupModeExpired(r.setup_mode_read, now, length)),
    [readers, now, length],
  );
}
