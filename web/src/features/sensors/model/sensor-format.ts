import type { SensorLimits, SensorStatus } from '@tagtrack/contract';

/**
 * A measured value as the dashboard shows it: two decimals in the reader's language and the
 * type's symbol after a space ("4.25 °C", German "4,25 °C").
 */
export function formatMeasurement(value: number, symbol: string, language: string): string {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return symbol ? `${number} ${symbol}` : number;
}

/** The limits of the rules watching a sensor as one short text ("2.00 – 8.00 °C", "≤ 8.00 °C"), '' without limits. */
export function formatLimits(limits: SensorLimits, symbol: string, language: string): string {
  const value = (n: number) => formatMeasurement(n, '', language);
  const unit = symbol ? ` ${symbol}` : '';
  if (limits.low !== null && limits.high !== null) return `${value(limits.low)} – ${value(limits.high)}${unit}`;
  if (limits.low !== null) return `≥ ${value(limits.low)}${unit}`;
  if (limits.high !== null) return `≤ ${value(limits.high)}${unit}`;
  return '';
}

/** The status chip's color: outside a rule's limits is an error, within them a success. */
export const STATUS_COLOR = {
  alert: 'error',
  ok: 'success',
  unwatched: 'default',
} as const satisfies Record<SensorStatus, 'error' | 'success' | 'default'>;
