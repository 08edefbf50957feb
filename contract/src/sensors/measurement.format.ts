/**
 * Measured values as every screen and message writes them (03 §2: "2 decimals, a degree sign plus
 * the unit"): two decimals in the reader's language ("4.25 °C", German "4,25 °C"). The console and
 * the server's alert e-mails and SMS use these, so a value reads the same everywhere.
 */

/**
 * From this size on a value is written in scientific notation ("1.00E308"): past it a double has
 * no two decimals left to show, and its digits would run off a dashboard tile.
 */
export const PLAIN_NUMBER_LIMIT = 1e9;

const formats = new Map<string, { plain: Intl.NumberFormat; scientific: Intl.NumberFormat }>();

function formatsOf(language: string) {
  let found = formats.get(language);
  if (!found) {
    const decimals = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
    found = {
      plain: new Intl.NumberFormat(language, decimals),
      scientific: new Intl.NumberFormat(language, { ...decimals, notation: 'scientific' }),
    };
    formats.set(language, found);
  }
  return found;
}

/** A number with two decimals in the language's way ("1,234.50", German "1.234,50"). */
export function formatDecimal(value: number, language: string): string {
  const { plain, scientific } = formatsOf(language);
  return Math.abs(value) < PLAIN_NUMBER_LIMIT || !Number.isFinite(value)
    ? plain.format(value)
    : scientific.format(value);
}

/** A measured value with its type's symbol after a space ("4.25 °C"); the bare number without one. */
export function formatMeasurement(value: number, symbol: string, language: string): string {
  const number = formatDecimal(value, language);
  return symbol ? `${number} ${symbol}` : number;
}

/**
 * The range a rule's limits allow, as one short text: "2.00 – 8.00 °C", "≥ 2.00 °C" (a low limit
 * only), "≤ 8.00 °C" (a high one only); '' without limits.
 */
export function formatLimits(limits: { low: number | null; high: number | null }, symbol: string, language: string) {
  const value = (n: number) => formatDecimal(n, language);
  const unit = symbol ? ` ${symbol}` : '';
  if (limits.low !== null && limits.high !== null) return `${value(limits.low)} – ${value(limits.high)}${unit}`;
  if (limits.low !== null) return `≥ ${value(limits.low)}${unit}`;
  if (limits.high !== null) return `≤ ${value(limits.high)}${unit}`;
  return '';
}
