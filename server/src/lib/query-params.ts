/**
 * The readers of query-string values that several lists share: comma-separated lists, flags and
 * UUIDs. One behaviour everywhere: `?status=in, lost,` is ['in', 'lost'], `?removed=1` and
 * `?removed=true` are on, anything else is off.
 */

/** A comma-separated list without blanks; undefined when the parameter is absent. */
export function splitList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A flag: `true` or `1`. */
export function truthy(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in its canonical text form, any case. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
