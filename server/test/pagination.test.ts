import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { nid32, readerCustomer, readerToken, sendReads } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('page_size above a list’s maximum', () => {
  it('is clamped to the maximum, as Django REST clients expect, on every kind of list', async () => {
    const own = await readerCustomer(t);
    await own.call('POST', '/master-data/product/', { sku: '100', name: 'Pallet' });
    const configuration = await own.configuration();
    const reader = await own.reader();
    await own.assign(reader.uuid, [configuration.id]);
    const token = await readerToken(t, reader.serial, reader.secret);
    // 101 new items: 101 creation rows in the history, whose list pages at most 100.
    const time = new Date('2026-01-05T08:00:00Z');
    await sendReads(
      t,
      token,
      Array.from({ length: 101 }, (_, i) => ({ epc: nid32(100, i + 1), time })),
    );
    const history = await own.call('GET', '/tag-data/tag/history/?page_size=10000');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<Paged<unknown>>()).toMatchObject({ count: 101 });
    expect(history.json<Paged<unknown>>().results).toHaveLength(100);
    // Lists of other maxima answer too (users and the outbox: 100; items: 10,000).
    for (const url of [
      '/accounts/users/?page_size=10000',
      '/tag-data/tag/?page_size=50000',
      '/configuration/reader/?page_size=10000',
    ]) {
      const res = await own.call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const items = (await own.call('GET', '/tag-data/tag/?page_size=50000')).json<Paged<unknown>>();
    expect(items.results).toHaveLength(101);
    // Below 1 is still refused.
    expect((await own.call('GET', '/tag-data/tag/history/?page_size=0')).statusCode).toBe(400);
  });
});
