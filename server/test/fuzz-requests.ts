import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { OPENAPI_PATH } from './openapi-document.js';

/**
 * Hostile requests generated from docs/openapi.json, for the fuzz suite: each operation's path
 * parameters, query string and body, as a careless or hostile client sends them.
 */

type JsonSchema = {
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

export interface Operation {
  method: string;
  /** The OpenAPI path template, `/configuration/location/{id}/`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Uploads: multipart/form-data with a file (the document does not describe these bodies). */
  multipart: boolean;
  /** Fields a list can be ordered by, from its answer's rows (for plausible `ordering` values). */
  fields: string[];
}

/** Every operation of the API document, in its order. */
export function loadOperations(): Operation[] {
  const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const answer = op.responses?.['200']?.content?.['application/json']?.schema;
      const row = answer?.properties?.results?.items ?? answer?.items ?? answer;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content['application/json']?.schema,
        multipart: method === 'post' && !op.requestBody && /\/(files|import(\/preview)?)\/$/.test(path),
        fields: Object.keys(row?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** Values that name real rows of the fuzzed customer, so that requests reach past the lookups. */
export interface KnownValues {
  ints: number[];
  uuids: string[];
  strings: string[];
  /** Header lines of the import templates, to build CSV files the importer reads. */
  csvHeaders: string[];
}

/** A request to send: what it is, printed in full (long strings cut) when a property fails. */
export interface FuzzRequest {
  method: string;
  url: string;
  /** Who sends it. */
  as: Sender;
  /** Which server answers: a cloud one, or one with ON_PREMISE set (its own routes and rules). */
  site: 'cloud' | 'on-premise';
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of hostility the body carries. */
  body: string;
}

export type Sender = 'administrator' | 'viewer' | 'operator' | 'reader' | 'anonymous' | 'forged';

/** A number JSON.stringify cannot write (1e400, -0.0, 30 digits): spliced into the text as is. */
const RAW = '\u0001raw:';
const raw = (text: string) => `${RAW}${text}`;

function stringifyJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

/** A long text made readable: runs of one character counted, and what remains cut at 400. */
const cut = (s: string) => {
  const short = s.replace(/(.{1,4}?)\1{15,}/gsu, (run, c: string) => `${c}…(${run.length / c.length}×)`);
  return short.length > 400 ? `${short.slice(0, 400)}…(${s.length} chars)` : short;
};

export function describeRequest(r: FuzzRequest): string {
  const payload =
    r.payload === undefined ? '' : cut(typeof r.payload === 'string' ? r.payload : r.payload.toString('latin1'));
  return `${r.method} ${cut(r.url)} as ${r.as} (${r.site}) [${r.body}] ${JSON.stringify(r.headers)} ${JSON.stringify(payload)}`;
}

// ---- hostile values -------------------------------------------------------------------------

const CONTROL = [...Array(32).keys()].map((c) => String.fromCharCode(c)).concat(['\u007f', '\u0085', '\u2028']);

// NUL (which PostgreSQL cannot store) comes often: it reached the database on some 44 endpoints.
const hostileString: fc.Arbitrary<string> = fc.oneof(
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
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
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
function plausible(
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

type Body = { headers: Record<string, string>; payload?: string | Buffer; body: string };

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

function jsonBody(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<Body> {
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

function multipartBody(known: KnownValues): fc.Arbitrary<Body> {
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

// ---- paths and query strings ---------------------------------------------------------------

/** Percent-encoding that also writes a lone surrogate (which encodeURIComponent refuses) as its bytes. */
function encode(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((part) => (/^\p{Cs}$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '2147483648',
    'NaN',
    'null',
    'undefined',
    '%00',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '..',
    '%2F',
    '%2e%2e',
    'x'.repeat(501),
    '00000000-0000-0000-0000-000000000000',
    ' 1',
  ),
  hostileString.filter((s) => s.length < 400 && s.length > 0).map(encode),
);

function segment(name: string, known: KnownValues): fc.Arbitrary<string> {
  // The document types every path parameter as a string: an id is a number on some paths and a
  // uuid on others (locations), so any value naming a row may fit.
  const real = fc.oneof(
    fc.constantFrom(...known.ints).map(String),
    fc.constantFrom(...known.uuids),
    fc.constantFrom(...known.strings),
  );
  return fc.oneof({ weight: 3, arbitrary: real.map(encode) }, { weight: 2, arbitrary: hostileSegment });
}

const hostileNumberText = fc.constantFrom(
  '0',
  '-1',
  '1e400',
  '9'.repeat(400),
  'NaN',
  '1.5',
  '',
  ' 1',
  '0x10',
  '99999999999999999999',
  '10000',
  '10001',
  '1000000',
);

function orderingValue(fields: string[]): fc.Arbitrary<string> {
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant('id');
  const term = fc
    .tuple(
      fc.constantFrom('', '-', '--', '+'),
      fc.oneof(
        { weight: 3, arbitrary: field },
        { weight: 1, arbitrary: fc.constantFrom('nope', 'metadata__name', 'category__name', '__proto__', '') },
      ),
    )
    .map(([sign, f]) => sign + f);
  return fc.oneof(
    fc.array(term, { minLength: 1, maxLength: 3 }).map((t) => t.join(',')),
    hostileString.filter((s) => s.length < 5_000),
  );
}

function queryValue(name: string, schema: JsonSchema, op: Operation, known: KnownValues): fc.Arbitrary<string> {
  if (name === 'ordering') return orderingValue(op.fields);
  if (name === 'page' || name === 'page_size' || name === 'count_min') {
    return fc.oneof(
      fc.integer({ min: 1, max: 50 }).map(String),
      hostileNumberText,
      hostileString.filter((s) => s.length < 5_000),
    );
  }
  const fine = plausible(schema, known, 5).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  return fc.oneof(
    { weight: 3, arbitrary: fine },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length < 20_000) },
  );
}

function queryString(op: Operation, known: KnownValues): fc.Arbitrary<string> {
  const pairs = fc.array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: op.query.length
          ? fc
              .constantFrom(...op.query)
              .chain((q) => queryValue(q.name, q.schema, op, known).map((v) => `${q.name}=${encode(v)}`))
          : fc.constant(''),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'page=1&page=2',
          'page[]=1',
          'page[x]=1',
          'search',
          '&&&=',
          '%',
          'a=%ZZ',
          'search=%00',
          'x=1',
          'ordering=' + 'x'.repeat(300),
        ),
      },
    ),
    { maxLength: 4 },
  );
  return pairs.map((p) => p.filter(Boolean).join('&'));
}

// ---- the request -------------------------------------------------------------------------------

const sender = (op: Operation): fc.Arbitrary<Sender> =>
  op.path.startsWith('/reader-api/')
    ? fc.constantFrom<Sender>('reader', 'reader', 'reader', 'reader', 'administrator', 'anonymous', 'forged')
    : fc.constantFrom<Sender>(...Array<Sender>(8).fill('administrator'), 'viewer', 'operator', 'anonymous', 'forged');

/** A hostile request for one operation: its path, query, body and sender, all generated. */
export function requestFor(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(...op.pathParams.map((name) => segment(name, known))).map((values) => {
    let url = op.path;
    op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, values[i]!)));
    return url;
  });
  const body: fc.Arbitrary<Body> = op.multipart
    ? multipartBody(known)
    : op.body
      ? jsonBody(op.body, known)
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<Body>({ headers: {}, body: 'no body' }) },
          { weight: 1, arbitrary: jsonBody(undefined, known) },
        );
  const site = fc.constantFrom<FuzzRequest['site']>('cloud', 'cloud', 'on-premise');
  return fc
    .record({ path, query: queryString(op, known), body, as: sender(op), site })
    .map(({ path, query, body, as, site }) => {
      const request: FuzzRequest = {
        method: op.method,
        url: query ? `${path}?${query}` : path,
        as,
        site,
        headers: body.headers,
        payload: body.payload,
        body: body.body,
      };
      // fast-check prints a failing request this way: a megabyte of payload cut short.
      Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) });
      return request;
    });
}

// ---- broken HTTP framing, which inject cannot send ---------------------------------------------

/** A request written byte by byte: framing a real client or proxy could send, broken. */
export interface RawRequest {
  how: string;
  bytes: Buffer;
}

export function rawRequestFor(op: Operation, known: KnownValues, token: string): fc.Arbitrary<RawRequest> {
  const url = op.path.replace(/\{[^}]+\}/g, () => String(known.ints[0]));
  const head = (extra: string) =>
    `${op.method} ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n${extra}`;
  const json = fc.oneof(
    fc.constantFrom('{"name":"x"}', '{}', '{"a":'),
    hostileString.filter((s) => s.length < 5_000).map((s) => JSON.stringify({ name: s })),
  );
  return fc
    .tuple(
      json,
      fc.constantFrom(
        'content-length short',
        'content-length not a number',
        'content-length and chunked',
        'broken chunk size',
        'chunk longer than said',
        'header without colon',
        'NUL in a header',
        'bare LF',
        'two content-lengths',
        'HTTP/1.0 without length',
        'unknown transfer-encoding',
      ),
    )
    .map(([body, how]) => {
      const length = Buffer.byteLength(body);
      const type = 'Content-Type: application/json\r\n';
      let text: string;
      switch (how) {
        case 'content-length short':
          text = `${head(type)}Content-Length: ${Math.max(0, length - 3)}\r\n\r\n${body}`;
          break;
        case 'content-length not a number':
          text = `${head(type)}Content-Length: 1e3\r\n\r\n${body}`;
          break;
        case 'content-length and chunked':
          text = `${head(type)}Content-Length: ${length}\r\nTransfer-Encoding: chunked\r\n\r\n${length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
          break;
        case 'broken chunk size':
          text = `${head(type)}Transfer-Encoding: chunked\r\n\r\nzz\r\n${body}\r\n0\r\n\r\n`;
          break;
        case 'chunk longer than said':
          text = `${head(type)}Transfer-Encoding: chunked\r\n\r\n1\r\n${body}\r\n0\r\n\r\n`;
          break;
        case 'header without colon':
          text = `${head(type)}X-Broken\r\nContent-Length: ${length}\r\n\r\n${body}`;
          break;
        case 'NUL in a header':
          text = `${head(type)}X-Name: a\u0000b\r\nContent-Length: ${length}\r\n\r\n${body}`;
          break;
        case 'bare LF':
          text = `${head(type)}Content-Length: ${length}\n\n${body}`;
          break;
        case 'two content-lengths':
          text = `${head(type)}Content-Length: ${length}\r\nContent-Length: ${length + 1}\r\n\r\n${body}`;
          break;
        case 'HTTP/1.0 without length':
          text = `${head(type).replace('HTTP/1.1', 'HTTP/1.0')}\r\n${body}`;
          break;
        default:
          text = `${head(type)}Transfer-Encoding: gzip, chunked, x\r\n\r\n${body}`;
      }
      const request: RawRequest = { how, bytes: Buffer.from(text) };
      Object.defineProperty(request, fc.toStringMethod, { value: () => `${how}: ${JSON.stringify(cut(text))}` });
      return request;
    });
}
