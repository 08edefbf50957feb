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

describe('a list query the schema refuses', () => {
  it('words numbers, bounds, lengths and a parameter given twice as Django REST does, with their codes', async () => {
    const own = await readerCustomer(t);
    const refusal = async (query: string) => {
      const res = await own.call('GET', `/tag-data/tag/${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const body = res.json<{ type: string; detail: Record<string, string[]>; codes: Record<string, unknown[]> }>();
      expect(body.type).toBe('ValidationError');
      return { detail: body.detail, codes: body.codes };
    };
    expect(await refusal('?page=abc')).toEqual({
      detail: { page: ['A valid number is required.'] },
      codes: { page: [{ code: 'invalidNumber' }] },
    });
    expect((await refusal('?page=1.5')).detail).toEqual({ page: ['A valid integer is required.'] });
    expect((await refusal('?page=0')).codes).toEqual({ page: [{ code: 'numberAtLeast', params: { min: '1' } }] });
    expect((await refusal('?page_size=abc')).detail).toEqual({ page_size: ['A valid number is required.'] });
    expect((await refusal(`?search=${'x'.repeat(201)}`)).codes).toEqual({
      search: [{ code: 'textAtMost', params: { max: '200' } }],
    });
    expect(await refusal('?page=1&page=2')).toEqual({
      detail: { page: ['Give one value, not 2.'] },
      codes: { page: [{ code: 'oneValueOnly', params: { given: '2' } }] },
    });
    expect((await refusal('?search=a&search=b&search=c')).detail).toEqual({ search: ['Give one value, not 3.'] });
    // A parameter that takes several values may still be repeated.
    const roles = await own.call('GET', '/accounts/users/?role=viewer&role=operator');
    expect(roles.statusCode, roles.body).toBe(200);
  });
});
