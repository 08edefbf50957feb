import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { OPENAPI_PATH } from './openapi-document.js';
import { jsonBody, multipartBody, type Body } from './fuzz-bodies.js';
import { hostileString, plausible, type JsonSchema, type KnownValues } from './fuzz-values.js';

export type { KnownValues } from './fuzz-values.js';

/**
 * Hostile requests generated from docs/openapi.json, for the fuzz suite: each operation's path
 * parameters, query string and body, as a careless or hostile client sends them.
 */

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
