import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/db/client.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { nid32, readerCustomer, readerToken, sendReads } from './reader-fixtures.js';
import { openTestDatabase, TEST_DB_KIND } from './test-database.js';

/** The requests' statement timeout of these tests. */
const TIMEOUT_MS = 300;

let t: TestApp;
let url: string | undefined;
beforeAll(async () => {
  // One pooled connection: every use (a request's, a long export's, the owner's) takes the same
  // session in turn, so each must set its own statement timeout on it.
  const database = await openTestDatabase({ statementTimeoutMs: TIMEOUT_MS, max: 1 });
  url = database.url;
  t = await buildTestApp({ database });
});
afterAll(() => t.close());

/** A few items, and their customer's administrator. */
async function customerWithItems() {
  const own = await readerCustomer(t);
  await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' });
  const configuration = await own.configuration();
  const reader = await own.reader();
  await own.assign(reader.uuid, [configuration.id]);
  const token = await readerToken(t, reader.serial, reader.secret);
  const epcs = [nid32(100, 1), nid32(100, 2)];
  expect(
    (
      await sendReads(
        t,
        token,
        epcs.map((epc) => ({ epc, time: new Date() })),
      )
    ).statusCode,
  ).toBe(200);
  return { own, epcs };
}

/**
 * Locks the items table in another session for `ms`, as a long statement of someone else's would:
 * every statement that reads items waits for it, and the wait counts towards a statement timeout.
 */
async function lockItems(ms: number): Promise<{ released: Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  // Should a test fail while it holds the lock, dropping the database ends this session.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('begin');
  await client.query('lock table items in access exclusive mode');
  const released = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(async () => {
    await client.query('commit');
    await client.end();
  });
  return { released };
}

const sleep = (db: Db, seconds: number) => db.execute(sql`select pg_sleep(${seconds})`);

describe.runIf(TEST_DB_KIND === 'postgres')(
  'the statement timeout (PostgreSQL only: PGlite does not enforce statement_timeout, see the PGlite test below)',
  () => {
    it('answers a request whose statement runs past STATEMENT_TIMEOUT_MS with 503 ServiceUnavailable and Retry-After', async () => {
      const { own } = await customerWithItems();
      const lock = await lockItems(2_000);
      const started = Date.now();
      const res = await own.call('GET', '/tag-data/tag/');
      const took = Date.now() - started;
      await lock.released;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        type: 'ServiceUnavailable',
        detail: 'Service temporarily unavailable, try again later.',
        codes: { code: 'serviceUnavailable' },
        request: 'GET /tag-data/tag/',
      });
      expect(took).toBeLessThan(1_500);
      // The same request answers once nothing holds it up.
      expect((await own.call('GET', '/tag-data/tag/')).statusCode).toBe(200);
    });

    it('runs exports and the counts rebuild without it: they wait, then answer whole', async () => {
      const { own, epcs } = await customerWithItems();
      for (const url of ['/tag-data/tag/export/csv/', '/tag-data/location/itemcount/recalculate/']) {
        const lock = await lockItems(TIMEOUT_MS * 3);
        const started = Date.now();
        const res = await own.call('GET', url);
        await lock.released;
        expect(res.statusCode, url).toBe(200);
        expect(Date.now() - started, url).toBeGreaterThanOrEqual(TIMEOUT_MS * 2);
        if (url.includes('export')) for (const epc of epcs) expect(res.body).toContain(epc);
      }
    });

    it('leaves the owner’s connection (migrations, backups) and the jobs’ (report runs, sweeps) without it', async () => {
      const { own } = await customerWithItems();
      const customerId = own.customer.id;
      // A request's connection cancels the statement…
      await expect(sleep(t.database.forRequest(customerId), (TIMEOUT_MS * 2) / 1000)).rejects.toMatchObject({
        cause: { code: '57014' },
      });
      // …and the same pooled session, taken next by the owner or a job, runs it to its end.
      await sleep(t.database.privileged, (TIMEOUT_MS * 2) / 1000);
      await sleep(t.database.forCustomer(customerId), (TIMEOUT_MS * 2) / 1000);
      await sleep(t.database.privileged.forCustomer(customerId), (TIMEOUT_MS * 2) / 1000);
    });
  },
);

describe.runIf(TEST_DB_KIND === 'pglite')('the statement timeout on the embedded database', () => {
  it('is not set, as PGlite does not enforce statement_timeout (README, STATEMENT_TIMEOUT_MS)', async () => {
    // If PGlite ever cancels this, the embedded database can have the timeout too: revisit db/client.ts.
    await t.database.privileged.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 50`);
      await tx.execute(sql`select pg_sleep(0.2)`);
    });
    expect(t.database.forRequest(1)).toBe(t.database.forCustomer(1));
  });
});
