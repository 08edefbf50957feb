import fc from 'fast-check';
import {
  hostileString,
  hostileValue,
  plausible,
  stringifyJson,
  type JsonSchema,
  type KnownValues,
} from './fuzz-values.js';

/** The bodies of the fuzz suite's requests: JSON, broken JSON, bogus content types and multipart uploads. */

// ---- bodies --------------------------------------------------------------------------------

const JSON_TYPE = { 'content-type': 'application/json' };

const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  'NaN',
  '1e999999',
  '"text"',
  '{"a":1,"a":2}',
  '[]'.repeat(3),
];

const bogusContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  '*/*',
  'application/json, text/plain',
  'a/b/c;;;=',
  '',
);

export type Body = { headers: Record<string, string>; payload?: string | Buffer; body: string };

/** Every place in a JSON value a hostile value can go: [container, key] pairs. */
function places(value: unknown, into: [Record<string, unknown>, string][] = []): [Record<string, unknown>, string][] {
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      into.push([value as Record<string, unknown>, key]);
      places((value as Record<string, unknown>)[key], into);
    }
  }
  return into;
}

/** A valid value with one part made hostile (or one unknown field added): what a schema must refuse alone. */
function oneHostilePart(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<unknown> {
  return fc
    .tuple(plausible(schema, known, 0, false), fc.nat(), hostileValue, fc.boolean(), hostileString)
    .map(([generated, at, hostile, unknownField, name]) => {
      const value = structuredClone(generated);
      const spots = places(value);
      if (spots.length === 0) return hostile;
      const [container, key] = spots[at % spots.length]!;
      if (
        unknownField &&
        container[key] !== null &&
        typeof container[key] === 'object' &&
        !Array.isArray(container[key])
      ) {
        (container[key] as Record<string, unknown>)[name] = hostile;
      } else {
        container[key] = hostile;
      }
      return value;
    });
}

export function jsonBody(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<Body> {
  const text = (body: string) => (payload: string) => ({ headers: JSON_TYPE, payload, body });
  return fc.oneof(
    { weight: 6, arbitrary: oneHostilePart(schema, known).map(stringifyJson).map(text('valid but one part')) },
    { weight: 3, arbitrary: plausible(schema, known, 0).map(stringifyJson).map(text('schema, fields hostile')) },
    { weight: 2, arbitrary: hostileValue.map(stringifyJson).map(text('wrong top-level value')) },
    { weight: 2, arbitrary: fc.constantFrom(...BROKEN_JSON).map(text('broken JSON')) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(5_000, 100_000)
        .chain((n) =>
          fc.constantFrom('{"a":'.repeat(n) + '1' + '}'.repeat(n), '['.repeat(n) + ']'.repeat(n), '['.repeat(n)),
        )
        .map(text('JSON nested in text')),
    },
    {
      weight: 1,
      arbitrary: fc
        .constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))
        .map((payload) => ({ headers: JSON_TYPE, payload, body: 'invalid UTF-8' })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(bogusContentType, plausible(schema, known, 0)).map(([type, v]) => ({
        headers: { 'content-type': type },
        payload: stringifyJson(v),
        body: 'bogus content type',
      })),
    },
    { weight: 1, arbitrary: fc.constant({ headers: {}, body: 'no body' }) },
  );
}

function multipartText(
  boundary: string,
  parts: { name: string; filename?: string; type?: string; data: string | Buffer }[],
) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function csvFile(known: KnownValues): fc.Arbitrary<string> {
  const cell = fc.oneof(
    fc.constantFrom(...known.strings),
    hostileString.filter((s) => s.length < 2_000),
    fc.integer().map(String),
  );
  return fc
    .tuple(
      fc.constantFrom(...known.csvHeaders, 'a;b;c', '', '\ufeffsku,name'),
      fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 4 }),
    )
    .map(([header, rows]) =>
      [header, ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))].join('\r\n'),
    );
}

export function multipartBody(known: KnownValues): fc.Arbitrary<Body> {
  const boundary = 'fuzzboundary0123';
  const type = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const file = fc.oneof(
    csvFile(known),
    fc.constantFrom('<svg xmlns="http://www.w3.org/2000/svg"/>', '\u0000\u0001', 'x'.repeat(100_000)),
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  );
  const fieldName = fc.oneof(
    fc.constantFrom('file', 'name', 'type', 'x'),
    hostileString.filter((s) => s.length < 200 && !/["\r\n]/.test(s)),
  );
  const part = fc.record({
    name: fieldName,
    filename: fc.option(fc.constantFrom('a.csv', 'plan.svg', 'x.png', '', '../../x', 'a\u0000.csv'), {
      nil: undefined,
    }),
    type: fc.option(fc.constantFrom('text/csv', 'image/svg+xml', 'image/png', 'application/octet-stream', 'x'), {
      nil: undefined,
    }),
    data: fc.oneof(
      file,
      hostileString.filter((s) => s.length < 20_000),
    ),
  });
  const wellFormed = fc.array(part, { minLength: 0, maxLength: 4 }).map((parts) => multipartText(boundary, parts));
  return fc.oneof(
    { weight: 5, arbitrary: wellFormed.map((payload) => ({ headers: type, payload, body: 'multipart' })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(wellFormed, fc.constantFrom('truncated', 'other boundary', 'no boundary', 'broken header', 'empty'))
        .map(([payload, how]) => {
          switch (how) {
            case 'truncated':
              return { headers: type, payload: payload.subarray(0, Math.floor(payload.length / 2)), body: how };
            case 'other boundary':
              return { headers: { 'content-type': 'multipart/form-data; boundary=another' }, payload, body: how };
            case 'no boundary':
              return { headers: { 'content-type': 'multipart/form-data' }, payload, body: how };
            case 'broken header':
              return {
                headers: type,
                payload: Buffer.from(`--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`),
                body: how,
              };
            default:
              return { headers: type, payload: Buffer.alloc(0), body: how };
          }
        }),
    },
    { weight: 1, arbitrary: jsonBody(undefined, known) },
  );
}
