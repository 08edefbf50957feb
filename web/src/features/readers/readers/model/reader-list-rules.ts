import {
  CONFIG_CHIP_MAX,
  CONFIG_MENU_MAX,
  CONFIG_TOOLTIP_OVER,
  heartbeatStatus,
  type HeartbeatLike,
  type ReaderState,
} from '@tagtrack/contract';

export type ChipColor = 'default' | 'warning' | 'success' | 'info' | 'error';

/** The configuration state chip's colour (02 §2): unassigned default, assigned warning, uploaded success, others info. */
export function stateColor(state: string): ChipColor {
  const colors: Record<ReaderState, ChipColor> = { unassigned: 'default', assigned: 'warning', uploaded: 'success' };
  return (colors as Record<string, ChipColor>)[state] ?? 'info';
}

/** Cuts a name to `max` characters with an ellipsis. */
export function truncate(name: string, max: number): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

/** A configuration chip's label (25 characters) and whether it gets a tooltip (over 10 characters). */
export function chipLabel(name: string): { label: string; tooltip: boolean } {
  return { label: truncate(name, CONFIG_CHIP_MAX), tooltip: name.length > CONFIG_TOOLTIP_OVER };
}

/** A configuration's label in a menu: cut at 40 characters. */
export function menuLabel(name: string): string {
  return truncate(name, CONFIG_MENU_MAX);
}

export type HealthLabel = 'noData' | 'stale' | 'error' | 'warn' | 'normal' | 'setup';

/** The Health column: 'No data available', 'Stale data', or the worst mode reported. */
export function healthOf(heartbeats: readonly HeartbeatLike[], now: number): { label: HealthLabel; color: ChipColor } {
  const status = heartbeatStatus(heartbeats, now);
  if (status.reason === 'noData') return { label: 'noData', color: 'warning' };
  if (status.reason === 'stale') return { label: 'stale', color: 'error' };
  const colors: Record<typeof status.mode, ChipColor> = {
    error: 'error',
    warn: 'warning',
    normal: 'success',
    setup: 'info',
  };
  return { label: status.mode, color: colors[status.mode] };
}

/** The product name the handheld instruction names: 'as soon as the {site} APP is launched'. */
export const CONFIGURATION_APPLY_SITE = 'Tagtrack';

const pad = (value: number) => String(value).padStart(2, '0');

/** Last time in Use: yyyy-MM-dd HH:mm in the browser's time zone; '' when not a time. */
export function formatMinute(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
