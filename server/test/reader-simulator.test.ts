import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { simulate } from '../src/tools/simulator/index.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { keepMeasurementPartitions } from '../src/system/housekeeping.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { readerCustomer } from './reader-fixtures.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

interface Sent {
  at: number;
  url: string;
  status: number;
  /** The reader that sent it: the serial it signed in with, or the one whose token it carried. */
  serial: string | undefined;
}

/** Records every call the simulator makes, with the reader that made it. */
function recordCalls(): Sent[] {
  const sent: Sent[] = [];
  const tokens = new Map<string, string>();
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const res = await real(input, init);
    const auth = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '');
    let serial = auth ? tokens.get(auth) : undefined;
    if (url.endsWith('/reader-api/token/')) {
      serial = (JSON.parse(String(init?.body)) as { serial: string }).serial;
      if (res.ok) tokens.set(((await res.clone().json()) as { access: string }).access, serial);
    }
    sent.push({ at: Date.now(), url, status: res.status, serial });
    return res;
  });
  return sent;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the reader simulator when an administrator re-issues a reader’s secret', () => {
  it('stops that reader after the first refusal, and the other reader keeps sending', async () => {
    const own = await readerCustomer(t);
    await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' });
    const [door, dock] = [await own.configuration(), await own.configuration()];
    const [a, b] = [await own.reader(), await own.reader()];
    await own.assign(a.uuid, [door.id]);
    await own.assign(b.uuid, [dock.id]);
    const sent = recordCalls();
    const stopped: string[] = [];
    const run = simulate({
      url: base,
      readers: [a, b].map((r) => ({ serial: r.serial, secret: r.secret })),
      onReaderStopped: (serial) => stopped.push(serial),
      tags: 4,
      sku: '100',
      rate: 6,
      moves: 0.5,
      durationMs: 6_000,
    });
    await pause(1_500);
    const reissued = await own.call('POST', '/configuration/reader-initialization/', { uuid: a.uuid });
    expect(reissued.statusCode).toBe(200);
    const reissuedAt = Date.now();
    await run;
    expect(stopped).toEqual([a.serial]);

    const refused = sent.filter((s) => s.status === 401);
    // The revoked token once, then the old secret once: nothing more.
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(2);
    expect(refused.every((s) => s.serial === a.serial)).toBe(true);
    const lastRefusal = Math.max(...refused.map((s) => s.at));
    expect(sent.filter((s) => s.serial === a.serial && s.at > lastRefusal)).toEqual([]);
    expect(lastRefusal).toBeGreaterThan(reissuedAt);
    const laterReads = sent.filter((s) => s.url.endsWith('/reader-api/reads/') && s.at > lastRefusal);
    expect(laterReads.length).toBeGreaterThan(0);
    expect(laterReads.every((s) => s.serial === b.serial && s.status === 200)).toBe(true);
  });

  it('ends a run whose only reader is re-issued, as the demo’s sensor gate runs (measurements only)', async () => {
    const own = await readerCustomer(t);
    await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
    await keepMeasurementPartitions(t.database.privileged, 30);
    const gate = await own.configuration({ sensor: true });
    const reader = await own.reader();
    await own.assign(reader.uuid, [gate.id]);
    const sent = recordCalls();
    const started = Date.now();
    const run = simulate({
      url: base,
      readers: [{ serial: reader.serial, secret: reader.secret }],
      tags: 2,
      rate: 0,
      moves: 0,
      heartbeats: false,
      measurements: true,
      measurementEveryMs: 200,
      downloadConfiguration: false,
      durationMs: 20_000,
    });
    await pause(1_200);
    expect(sent.some((s) => s.url.endsWith('/reader-api/measurements/') && s.status === 200)).toBe(true);
    await own.call('POST', '/configuration/reader-initialization/', { uuid: reader.uuid });
    await run;
    // It stopped by itself, long before its 20 s, after at most two refusals.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(sent.filter((s) => s.status === 401).length).toBeLessThanOrEqual(2);
  });
});
