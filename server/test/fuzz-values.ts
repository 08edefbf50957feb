import fc from 'fast-check';

/**
 * The values of the fuzz suite's requests: hostile strings, numbers and nestings, and values
 * plausible for a schema of docs/openapi.json with some node of them hostile.
 */

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

/** Values that name real rows of the fuzzed customer, so that requests reach past the lookups. */
export interface KnownValues {
  ints: number[];
  uuids: string[];
  strings: string[];
  /** Header lines of the import templates, to build CSV files the importer reads. */
  csvHeaders: string[];
}

/** A number JSON.stringify cannot write (1e400, -0.0, 30 digits): spliced into the text as is. */
const RAW = '\u0001raw:';
const raw = (text: string) => `${RAW}${text}`;

export function stringifyJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

// ---- hostile values -------------------------------------------------------------------------

const CONTROL = [...Array(32).keys()].map((c) => String.fromCharCode(c)).concat(['\u007f', '\u0085', '\u2028']);

// NUL (which PostgreSQL cannot store) comes often: it reached the database on some 44 endpoints.
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '100\u0000', '\u0000'.repeat(3)) },
  fc.constantFrom(
    '',
    ' ',
    '\ud800',
    '\udfff x',
    '\u202e\u0644\u0627',
    '💥🧨',
    "'; DROP TABLE items; --",
    '%',
    '%00',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '=HYPERLINK("x")',
    '1e400',
    'NaN',
    '-0',
    '0x10',
    'Infinity',
    '2026-13-45T25:61:00Z',
    'null',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '*',
    '_',
    '.*',
  ),
  fc.constantFrom(...CONTROL).map((c) => `x${c}y`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(101, 151, 201, 256, 1_001, 5_001, 10_001, 1_000_000).map((n) => 'x'.repeat(n)),
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, -0, 0.5, -2_147_483_649, 2_147_483_648, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
  fc.constantFrom('1e400', '-1e400', '1e-400', '-0.0', '123456789012345678901234567890', '1E5').map(raw),
  fc.double(),
  fc.integer(),
);

function nested(depth: number, shape: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = shape === 'object' ? { d: value } : [value];
  return value;
}

const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.constantFrom(true, false, null));

/** Any value of the wrong kind: scalars, containers, deep nesting, huge arrays, hostile keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\u0000'.repeat(3)) },
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.constantFrom({}, [], [null], [{}], { '': 1 }, { 'a\u0000': 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(31, 33, 200).chain((d) => fc.constantFrom(nested(d, 'object'), nested(d, 'array'))),
  },
  { weight: 1, arbitrary: fc.constantFrom(101, 10_001).map((n) => Array<number>(n).fill(1)) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileScalar, { maxKeys: 3 }) },
);

// ---- plausible values from the schema, each node sometimes hostile ---------------------------

/**
 * A value the schema describes. Mixed, every part may also be hostile and objects get unknown
 * fields; otherwise it is as valid as the generator can make it (so that one hostile part, put in
 * afterwards, is what reaches the handler and the database).
 */
export function plausible(
  schema: JsonSchema | undefined,
  known: KnownValues,
  depth: number,
  mixed = true,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant({});
  const value = mixed
    ? mixedValue
    : (s: JsonSchema | undefined, k: KnownValues, d: number) => plausible(s, k, d, false);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => value(s, known, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
      if (schema.format === 'date-time' || schema.format === 'date') {
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      }
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
        } catch {
          return fc.string();
        }
      }
      return fc.oneof(
        fc.constantFrom(...known.strings),
        fc.string({ minLength: Math.min(schema.minLength ?? 0, 12), maxLength: 12 }),
        // Valid but unusual: any Unicode, a control character, the longest and shortest allowed.
        fc.string({ unit: 'grapheme', maxLength: Math.min(schema.maxLength ?? 40, 40) }),
        fc.constantFrom(...CONTROL.slice(1)).map((c) => `a${c}b`),
        fc.constantFrom(schema.maxLength ?? 1_000, schema.minLength ?? 0).map((n) => '\u00e9'.repeat(n)),
      );
    case 'integer':
      return fc.oneof(fc.constantFrom(...known.ints), fc.integer({ min: -2, max: 100 }));
    case 'number':
      return fc.oneof(fc.integer({ min: -2, max: 100 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(value(schema.items, known, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const record = fc.record(Object.fromEntries(properties.map(([name, s]) => [name, value(s, known, depth + 1)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
      });
      if (!mixed) return record;
      // Unknown fields beside the known ones, sometimes.
      return fc
        .tuple(record, fc.option(fc.dictionary(fc.oneof(fc.string(), hostileString), hostileValue, { maxKeys: 2 })))
        .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
    }
    default:
      return fc.oneof(hostileScalar, fc.constant({}));
  }
}

/** A value for a schema: mostly plausible, sometimes hostile, sometimes null. */
function mixedValue(schema: JsonSchema | undefined, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, known, depth) },
    { weight: 2, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}
