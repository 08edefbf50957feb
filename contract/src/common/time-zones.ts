import { z } from 'zod';
import { MESSAGE_KEYS as M } from './messages.js';

let known: Set<string> | undefined;

/** The zone the runtime takes a name for (a link resolves to its zone), or undefined when it knows none. */
function resolvedZone(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Whether a zone is an IANA name the runtime lists (Intl.supportedValuesOf), or UTC, as the
 * browser names its own (Intl.DateTimeFormat().resolvedOptions().timeZone). A link spelled as IANA
 * spells it counts when it leads to a listed zone: runtimes list different names for some zones
 * (Node 20 lists Asia/Calcutta, browsers Asia/Kolkata). Other spellings ('europe/berlin') do not.
 */
export function isSupportedTimeZone(zone: string): boolean {
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (known.has(zone)) return true;
  if (!/^[A-Z][A-Za-z]*(\/[A-Z][A-Za-z0-9_+-]*)+$/.test(zone)) return false;
  const resolved = resolvedZone(zone);
  return resolved !== undefined && resolved.toLowerCase() !== zone.toLowerCase() && known.has(resolved);
}

/** A zone a schedule is kept in: one isSupportedTimeZone knows. */
export const SupportedTimeZoneSchema = z.string().max(64).refine(isSupportedTimeZone, M.unknownTimeZone);
