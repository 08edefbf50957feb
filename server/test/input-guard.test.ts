import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { items, locations } from '../src/db/schema/index.js';
import { ReaderTokenSigner } from '../src/lib/auth/reader-tokens.js';
import { handleReadMessage } from '../src/transports/mqtt/dispatch.js';
import { validationMessage } from '@tagtrack/contract';
import { MAX_NESTING, NESTING_MESSAGE as NESTING_KEY, NUL_MESSAGE as NUL_KEY } from '../src/lib/unsafe-input.js';

/** What the API answers for them (English detail). */
const NUL_MESSAGE = validationMessage(NUL_KEY);
const NESTING_MESSAGE = validationMessage(NESTING_KEY);
import { ENVELOPE_KEYS } from './error-codes.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { nid32, readerCustomer, readerToken } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Expects a 400 ValidationError in the envelope whose detail names the field. */
function expectRefused(res: { statusCode: number; json: <T>() => T; body: string }, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ type: string; detail: Record<string, string[]> }>();
  expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
  expect(body.type).toBe('ValidationError');
  expect(body.detail).toEqual({ [field]: [message] });
}

describe('U+0000 and deep nesting', () => {
  it('are refused as a ValidationError naming the field, in bodies, path parameters and queries, and change nothing', async () => {
    const own = await readerCustomer(t);
    const locationsBefore = await own.tenant.count(locations);
    // The public sign-in (a NUL used to reach PostgreSQL there, before any user was found).
    expectRefused(
      await t.call({ method: 'POST', url: '/api/token/', payload: { username: 'a\u0000b', password: 'x' } }),
      'username',
      NUL_MESSAGE,
    );
    expectRefused(
      await t.call({ method: 'POST', url: '/reader-api/token/', payload: { serial: 'SN\u0000', secret: 'x' } }),
      'serial',
      NUL_MESSAGE,
    );
    // A body field, a key of a JSON object, and nesting past the limit.
    expectRefused(await own.call('POST', '/configuration/location/', { name: 'Dock\u0000' }), 'name', NUL_MESSAGE);
    expectRefused(
      await own.call('POST', '/configuration/location/', { name: 'Dock', metadata: { 'shelf\u0000': 1 } }),
      'metadata.shelf\\u0000',
      NUL_MESSAGE,
    );
    // Written out by hand: serialising a value this deep would overflow the test's own stack.
    const deep = `{"name":"Dock","metadata":${'{"d":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    const refusedDeep = await t.call({
      method: 'POST',
      url: '/configuration/location/',
      token: own.token,
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(refusedDeep.statusCode).toBe(400);
    expect(refusedDeep.json<{ detail: Record<string, string[]> }>().detail).toEqual({
      [['metadata', ...Array<string>(MAX_NESTING - 1).fill('d')].join('.')]: [NESTING_MESSAGE],
    });
    expect(await own.tenant.count(locations)).toBe(locationsBefore);
    // A path parameter and query filters, CSV exports included.
    const token = own.token;
    expectRefused(await t.call({ method: 'GET', url: '/master-data/product/A%00B/', token }), 'sku', NUL_MESSAGE);
    expectRefused(await t.call({ method: 'GET', url: '/tag-data/tag/?search=%00', token }), 'search', NUL_MESSAGE);
    expectRefused(
      await t.call({ method: 'GET', url: '/tag-data/tag/export/csv/?product=a%00', token }),
      'product',
      NUL_MESSAGE,
    );
  });

  it('in a read batch are refused over HTTP and over MQTT as invalid, which a reader does not send again', async () => {
    const own = await readerCustomer(t);
    const configuration = await own.configuration();
    const reader = await own.reader();
    await own.assign(reader.uuid, [configuration.id]);
    const token = await readerToken(t, reader.serial, reader.secret);
    const reads = [{ epc: nid32(100, 1), antenna: 1, time: '2026-01-05T08:00:00Z' }];
    expectRefused(
      await t.call({ method: 'POST', url: '/reader-api/reads/', token, payload: { batch_id: 'b\u0000', reads } }),
      'batch_id',
      NUL_MESSAGE,
    );
    const ack = await handleReadMessage(
      {
        db: t.database.privileged,
        signer: new ReaderTokenSigner(t.config.JWT_SECRET!),
        log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
        caches: t.app.caches,
      },
      `tagtrack/readers/${reader.serial}/reads`,
      Buffer.from(JSON.stringify({ token, batch_id: 'b\u0000', reads })),
    );
    expect(ack).toEqual({
      ok: false,
      batch_id: 'b\u0000',
      type: 'ValidationError',
      detail: { batch_id: [NUL_MESSAGE] },
      codes: { batch_id: [{ code: 'nullCharacters' }] },
    });
    expect(await own.tenant.count(items)).toBe(0);
  });
});
