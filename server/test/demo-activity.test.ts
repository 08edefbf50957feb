import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readers } from '../src/db/schema/index.js';
import { demoReaderSecret, prepareDemoReaders } from '../src/tools/demo/demo-activity.js';
import { seedDemo } from '../src/tools/demo/seed.js';
import { LocalDiskStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { readerToken } from './reader-fixtures.js';

let t: TestApp;
let filesDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-demo-activity-'));
  await seedDemo(t.database.privileged, 'Demo-password-1', new LocalDiskStorage(filesDir));
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('demo reader activity', () => {
  it('gives the live fixed demo readers credentials that sign in, and leaves the stale one, handhelds and a re-initialised one out', async () => {
    const secret = t.config.JWT_SECRET!;
    const first = await prepareDemoReaders(t.database.privileged, secret);
    expect(first.map((p) => p.reader.serial).sort()).toEqual(['FR22-10001', 'FR22-10002', 'FR22-10003', 'S3-20001']);
    const two = first.find((p) => p.reader.serial === 'FR22-10002')!.reader;
    expect(two.heartbeats?.map((h) => [h.application, h.mode]).sort()).toEqual([
      ['BradyReaderApp', 'warn'],
      ['GateReaderApp', 'normal'],
    ]);
    expect(await readerToken(t, 'FR22-10001', demoReaderSecret(secret, 'FR22-10001'))).toBeTruthy();

    // Another start knows the same secrets; a reader given a secret of its own is left alone.
    await t.database.privileged
      .update(readers)
      .set({ secretHash: 'not-the-demo-secret' })
      .where(eq(readers.serial, 'S3-20001'));
    const again = await prepareDemoReaders(t.database.privileged, secret);
    expect(again.map((p) => p.reader.serial).sort()).toEqual(['FR22-10001', 'FR22-10002', 'FR22-10003']);
  });
});
