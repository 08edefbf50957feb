import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps the database busy as a dozen exports do, for `ms`: the embedded database's one session
 * held by other work, or every pooled PostgreSQL connection in a long statement.
 */
async function occupy(database: Database, ms: number): Promise<{ done: Promise<unknown> }> {
  if (database.embedded) {
    const release = await database.embedded.hold();
    return { done: pause(ms).then(release) };
  }
  const max = database.poolUsage!().max;
  // Drizzle's query runs when awaited: Promise.resolve starts each now.
  const sleeps = Array.from({ length: max }, () =>
    Promise.resolve(database.privileged.execute(sql`select pg_sleep(${ms / 1000})`)),
  );
  while (database.poolUsage!().idle > 0 || database.poolUsage!().total < max) await pause(10);
  return { done: Promise.all(sleeps) };
}

describe('GET /readyz', () => {
  it('answers within 100 ms while every database connection is busy with other work', async () => {
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const busy = await occupy(t.database, 1_500);
    // A direct check of the database waits now.
    const ping = t.database.ping().then(() => Date.now());
    const started = Date.now();
    const res = await t.call({ method: 'GET', url: '/readyz' });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.database.kind });
    expect(took).toBeLessThan(100);
    await busy.done;
    expect((await ping) - started).toBeGreaterThan(500);
  });

  it('answers 503 when the database refuses its checks', async () => {
    const down: Database = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
    const other = await buildTestApp({ database: down, keepDatabase: true });
    try {
      const res = await other.call({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: t.database.kind });
    } finally {
      await other.close();
    }
  });
});
