import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TYPES, isErrorType, type ErrorCodes, type ErrorDetail } from '@tagtrack/contract';
import { codeMismatches, ENVELOPE_KEYS } from './error-codes.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeCategory } from './catalogue-fixtures.js';
import { buildUser, login } from './factories.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import {
  describeRequest,
  loadOperations,
  rawRequestFor,
  requestFor,
  type FuzzRequest,
  type KnownValues,
  type RawRequest,
} from './fuzz-requests.js';
import { nid32, readerCustomer, readerToken } from './reader-fixtures.js';

/**
 * The fuzz suite: every operation of docs/openapi.json gets hostile path parameters, query strings
 * and bodies, and must answer each without a 5xx, in the spec's error envelope when it refuses,
 * within a time limit, and without changing any data when it refuses.
 *
 * FUZZ_SEED fixes the generated requests (the default keeps CI repeatable); FUZZ_RUNS is the number
 * of requests per operation (`npm run test:fuzz` runs many more).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** An answer later than this is a hang. */
const ANSWER_WITHIN_MS = 15_000;

let t: TestApp;
/** The same server with ON_PREMISE set, on the same database. */
let onPremise: TestApp;
let known: KnownValues;
const tokens: Record<string, string | undefined> = {};
let relogin: () => Promise<void>;

beforeAll(async () => {
  // Sign-in throttling would soon refuse the fuzzer's own sign-ins after its hostile ones.
  const throttle = { accountFailures: 1e9, addressFailures: 1e9 };
  t = await buildTestApp({ throttle });
  onPremise = await buildTestApp({ throttle, database: t.database, env: { ON_PREMISE: '1' } });
  const own = await readerCustomer(t);
  // Every extension, so that the fuzzer reaches the sensor routes' own validation.
  await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
  const users = await Promise.all(
    (['viewer', 'operator'] as const).map((role) =>
      buildUser(t.database.privileged, { role, customerName: own.customer.name }),
    ),
  );
  relogin = async () => {
    tokens.administrator = (await login(t, own.admin.username)).access;
  };
  await relogin();
  tokens.viewer = (await login(t, users[0]!.user.username)).access;
  tokens.operator = (await login(t, users[1]!.user.username)).access;

  const post = async <T>(url: string, payload: object) => {
    const res = await own.call('POST', url, payload);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const site = await post<{ id: number; uuid: string }>('/configuration/location/', { name: 'Site' });
  const shelf = await post<{ id: number; uuid: string }>('/configuration/location/', {
    name: 'Shelf',
    parent: site.uuid,
  });
  const category = await makeCategory(t, own.customer.id, {
    name: 'Tools',
    fields: [
      { name: 'Weight', type: 'Number' },
      { name: 'Colour', type: 'DropdownList', options: ['red', 'blue'] },
    ],
  });
  const product = await post<{ id: number }>('/master-data/product/', {
    sku: '100',
    name: 'Hammer',
    category: category.id,
  });
  const item = await post<{ id: number }>('/tag-data/tag/', {
    code: nid32(100, 1),
    product__sku: '100',
    location: shelf.uuid,
  });
  const group = await post<{ id: number }>('/accounts/management-groups/', { group_name: 'Team' });
  const configuration = await own.configuration({ location: shelf.uuid });
  const reader = await own.reader();
  await own.assign(reader.uuid, [configuration.id]);
  tokens.reader = await readerToken(t, reader.serial, reader.secret);
  const session = await post<{ id: number; hash: string }>('/process-data/inventory/sessions/', {
    locations: [shelf.uuid],
  });
  const templates = await Promise.all(
    ['/master-data/product/import/template/', '/tag-data/tag/import/template/'].map(
      async (url) => (await own.call('GET', url)).body.split(/\r?\n/)[0]!,
    ),
  );
  known = {
    ints: [site.id, shelf.id, category.id, product.id, item.id, group.id, configuration.id, session.id].concat(
      users.map((u) => u.user.id),
      category.fields.map((f) => f.id),
    ),
    uuids: [site.uuid, shelf.uuid, reader.uuid, randomUUID()],
    strings: ['100', nid32(100, 1), session.hash, reader.serial, 'Hammer', 'Site', 'red'],
    csvHeaders: templates,
  };
}, 120_000);
afterAll(async () => {
  await onPremise?.app.close();
  if (onPremise) rmSync(path.dirname(onPremise.filesDir), { recursive: true, force: true });
  await t?.close();
});

/** Every table's row count and a hash of its rows: what a refused request must leave as it was. */
async function digest(): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const query = tables
    .map(
      ({ name }) =>
        `SELECT '${name}' AS name, count(*) || ':' || md5(coalesce(string_agg(r::text, ',' ORDER BY r::text), '')) AS state FROM "${name}" r`,
    )
    .join(' UNION ALL ');
  const states = await rows<{ name: string; state: string }>(sql.raw(query));
  return Object.fromEntries(states.map((s) => [s.name, s.state]));
}

async function rows<T>(query: Parameters<TestApp['database']['privileged']['execute']>[0]): Promise<T[]> {
  return ((await t.database.privileged.execute(query)) as unknown as { rows: T[] }).rows;
}

function authorization(r: FuzzRequest): Record<string, string> {
  if (r.as === 'anonymous') return {};
  if (r.as === 'forged') return { authorization: `Bearer ${tokens.administrator}x` };
  return { authorization: `Bearer ${tokens[r.as]}` };
}

async function send(r: FuzzRequest) {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([
      (r.site === 'cloud' ? t : onPremise).app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: { ...r.headers, ...authorization(r) },
        ...(r.payload !== undefined ? { payload: r.payload } : {}),
      }),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** FUZZ_STATS=1 prints how each operation answered (status → count): to see what a run reached. */
const stats = new Map<string, Map<string, number>>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  for (const [op, counts] of stats) {
    const line = [...counts]
      .sort()
      .map(([k, n]) => `${k}×${n}`)
      .join(' ');
    process.stdout.write(`${op.padEnd(70)} ${line}\n`);
  }
});

/** The data as it was after the last answer, when nothing could have changed it since. */
let lastDigest: Record<string, string> | undefined;

/** Expects an error answer in the spec's envelope. */
function expectEnvelope(status: number, contentType: string | undefined, text: string, what: string) {
  expect(contentType, what).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort(), what).toEqual(ENVELOPE_KEYS);
  expect(isErrorType(body.type), what).toBe(true);
  for (const key of ['id', 'request', 'time', 'user-agent']) expect(typeof body[key], what).toBe('string');
  expect(['string', 'object'], what).toContain(typeof body.detail);
  expect(codeMismatches(body.detail as ErrorDetail, body.codes as ErrorCodes), what).toEqual([]);
  if (!['BadRequest', 'ValidationError'].includes(body.type as string)) {
    expect(status, what).toBe(ERROR_TYPES[body.type as keyof typeof ERROR_TYPES].status);
  }
}

async function check(operation: string, r: FuzzRequest) {
  const before = lastDigest ?? (await digest());
  lastDigest = undefined;
  const res = await send(r);
  const counts = stats.get(operation) ?? new Map<string, number>();
  counts.set(String(res.statusCode), (counts.get(String(res.statusCode)) ?? 0) + 1);
  stats.set(operation, counts);
  const what = `${describeRequest(r)}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expectEnvelope(res.statusCode, res.headers['content-type'] as string | undefined, res.body, what);
  const after = await digest();
  expect(after, `a refused request changed data: ${what}`).toEqual(before);
  lastDigest = after;
}

/** The administrator's session may end by a request that succeeded (a password set): sign in again. */
async function keepSignedIn() {
  const me = await t.app.inject({
    method: 'GET',
    url: '/accounts/users/me/',
    headers: { authorization: `Bearer ${tokens.administrator}` },
  });
  if (me.statusCode === 401) await relogin();
  // A sign-in writes a refresh token: the next request starts from a fresh digest.
  lastDigest = undefined;
}

// Deletions last, so that the other operations find the data they name.
const operations = loadOperations().sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

describe(`fuzz: every operation of the API document (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  operations.forEach((op, index) => {
    it(`${op.method} ${op.path}`, { timeout: 30_000 + RUNS * 5_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(op, known), async (r) => {
          await check(`${op.method} ${op.path}`, r);
        }),
        { seed: SEED + index, numRuns: RUNS },
      );
      await keepSignedIn();
    });
  });
});

/** Writes a request on a socket of its own; answers every byte the server sent until it closed. */
function sendRaw(port: number, r: RawRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${r.how}: the connection was neither answered nor closed within ${ANSWER_WITHIN_MS} ms`));
    }, ANSWER_WITHIN_MS);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.write(r.bytes);
  });
}

/** The HTTP answers in what a socket received (a broken request may get one for each part of it). */
function answers(received: string) {
  const found: { status: number; contentType?: string; body: string }[] = [];
  let rest = received;
  while (rest.startsWith('HTTP/1.')) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? rest.length);
    found.push({
      status: Number(head.slice(9, 12)),
      contentType: /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1],
      body: Buffer.from(rest.slice(end + 4, end + 4 + length), 'latin1').toString('utf8'),
    });
    rest = rest.slice(end + 4 + length);
  }
  return found;
}

describe('fuzz: broken HTTP framing on a real socket', () => {
  it('is answered below 500 in the envelope, or closed, and the server serves on', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const bodied = operations.filter((op) => op.body);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodied).chain((op) => rawRequestFor(op, known, tokens.administrator!)),
        async (r) => {
          const received = await sendRaw(port, r);
          const what = `${r.how}: ${r.bytes.toString('latin1').slice(0, 300)}\n→ ${received.slice(0, 500)}`;
          for (const answer of answers(received)) {
            expect(answer.status, what).toBeLessThan(500);
            if (answer.status >= 400) expectEnvelope(answer.status, answer.contentType, answer.body, what);
          }
          const health = await fetch(`http://127.0.0.1:${port}/healthz`);
          expect(health.status, `the server stopped answering after ${what}`).toBe(200);
        },
      ),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });
});
