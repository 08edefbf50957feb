import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, BackupError, checkArchive, restoreDataDir, restoreInto } from '../src/tools/cli/backup.js';
import { locationFiles } from '../src/db/schema/index.js';
import { seedDemo } from '../src/tools/demo/seed.js';
import { LocalDiskStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { login } from './factories.js';
import { nid32, readerCustomer, readerToken, sendReads } from './reader-fixtures.js';
import { ServerProcess } from './server-process.js';
import { openEmptyTestDatabase, TEST_DB_KIND } from './test-database.js';

const PASSWORD = 'Demo-password-1';
const serverDir = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-backup-'));
const archive = path.join(work, 'backup.tar.gz');

/** An empty database, without even the migrations: what an operator restores into. */

/** Rewrites an archive entry by entry: `change` answers an entry's new content, or null to drop it. */
async function rewrite(
  from: string,
  to: string,
  change: (name: string, data: Buffer) => Buffer | null,
  extra: { name: string; data: Buffer }[] = [],
  fixManifest = false,
) {
  const extract = tar.extract();
  const pack = tar.pack();
  const changed = new Map<string, Buffer>();
  const done = pipeline(pack, createGzip(), createWriteStream(to));
  const reading = pipeline(createReadStream(from), createGunzip(), extract);
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const part of entry) parts.push(part as Buffer);
    const name = entry.header.name;
    if (name === 'manifest.json') for (const e of extra) pack.entry({ name: e.name }, e.data);
    const original = Buffer.concat(parts);
    let data = change(name, original);
    if (data && data !== original && name !== 'manifest.json') changed.set(name, data);
    if (name === 'manifest.json' && fixManifest) {
      // The manifest made to match the changed entries: what a newer version's real archive looks like.
      const manifest = JSON.parse(original.toString()) as { entries: { name: string; size: number; sha256: string }[] };
      for (const entry of manifest.entries) {
        const now = changed.get(entry.name);
        if (now) Object.assign(entry, { size: now.length, sha256: createHash('sha256').update(now).digest('hex') });
      }
      data = Buffer.from(JSON.stringify(manifest));
    }
    if (data) pack.entry({ name }, data);
  }
  await reading;
  pack.finalize();
  await done;
}

let source: TestApp;
let restored: TestApp;
let movedEpc: string;
let readerAdmin: string;
let restoredFiles: string;

beforeAll(async () => {
  source = await buildTestApp();
  await seedDemo(source.database.privileged, PASSWORD, new LocalDiskStorage(source.filesDir));
  // A second customer whose reader has moved an item: history, counts, readers.
  const world = await readerCustomer(source);
  readerAdmin = world.admin.username;
  const reader = await world.reader({ serial: 'BK-1' });
  const dock = await world.configuration();
  const gate = await world.configuration();
  expect((await world.assign(reader.uuid, [dock.id])).statusCode).toBeLessThan(300);
  const token = await readerToken(source, reader.serial, reader.secret);
  movedEpc = nid32(4242, 1);
  expect((await sendReads(source, token, [{ epc: movedEpc, time: new Date(Date.now() - 60_000) }])).statusCode).toBe(
    200,
  );
  expect((await world.assign(reader.uuid, [gate.id])).statusCode).toBeLessThan(300);
  const again = await readerToken(source, reader.serial, reader.secret);
  expect((await sendReads(source, again, [{ epc: movedEpc, time: new Date() }])).statusCode).toBe(200);

  await backup(source.database, source.filesDir, archive);
  const target = await openEmptyTestDatabase();
  const targetDir = path.join(work, 'restored');
  restoredFiles = path.join(targetDir, 'files');
  await restoreInto(archive, { database: target, filesDir: restoredFiles });
  restored = await buildTestApp({ database: target, env: { DATA_DIR: targetDir } });
}, 180_000);

afterAll(async () => {
  await restored?.close();
  await source?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The same GET on the source and on the restored copy, signed in as the same user on each. */
async function both(username: string, url: string) {
  const [a, b] = await Promise.all([login(source, username, PASSWORD), login(restored, username, PASSWORD)]);
  const [left, right] = await Promise.all([
    source.call({ method: 'GET', url, token: a.access }),
    restored.call({ method: 'GET', url, token: b.access }),
  ]);
  expect(left.statusCode, `${url} on the source`).toBe(200);
  expect(right.statusCode, `${url} restored`).toBe(200);
  return { left, right };
}

describe('backup and restore', () => {
  it('restores the same users, who sign in with their passwords', async () => {
    const { left, right } = await both('admin', '/accounts/users/?page_size=100&ordering=username');
    expect(right.json()).toEqual(left.json());
    expect(right.json<{ count: number }>().count).toBeGreaterThan(4);
  });

  it('restores the same items, locations with their counts, products and readers', async () => {
    for (const url of [
      '/tag-data/tag/?page_size=500&ordering=code',
      '/tag-data/tag/?page=3&page_size=500&ordering=code',
      '/configuration/location/',
      '/master-data/product/?page_size=100&ordering=sku',
      '/configuration/reader/?page_size=100',
      '/sensor-data/observation/observation/?page_size=100',
      '/sensor-data/observation/rule/',
    ]) {
      const { left, right } = await both('admin', url);
      expect(right.json(), url).toEqual(left.json());
    }
  });

  it("restores another customer's item with its history", async () => {
    const view = async (t: TestApp) => {
      const { access } = await login(t, readerAdmin);
      const items = await t.call({ method: 'GET', url: `/tag-data/tag/?search=${movedEpc}`, token: access });
      const history = await t.call({ method: 'GET', url: `/tag-data/tag/history/?tag=${movedEpc}`, token: access });
      expect(history.statusCode).toBe(200);
      return { items: items.json<{ count: number }>(), history: history.json<{ count: number }>() };
    };
    const [left, right] = [await view(source), await view(restored)];
    expect(left.items.count).toBe(1);
    expect(left.history.count).toBe(2);
    expect(right).toEqual(left);
  });

  it('restores the uploaded files, served with the same bytes', async () => {
    const files = readdirSync(source.filesDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const relative = path.relative(source.filesDir, path.join(file.parentPath, file.name));
      expect(readFileSync(path.join(restoredFiles, relative))).toEqual(
        readFileSync(path.join(source.filesDir, relative)),
      );
    }
    const pictures = await source.database.privileged.select().from(locationFiles);
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures.slice(0, 3)) {
      const base = `/configuration/location/${picture.locationUuid}/files/`;
      const list = await both('admin', base);
      expect(list.right.json()).toEqual(list.left.json());
      const served = await both('admin', `${base}${picture.id}/get_file/`);
      expect(served.right.rawPayload.length).toBeGreaterThan(0);
      expect(served.right.rawPayload).toEqual(served.left.rawPayload);
    }
  });

  it('continues the ids where the source stopped: a new category gets an id none had', async () => {
    const { access } = await login(restored, 'admin', PASSWORD);
    const before = await restored.call({ method: 'GET', url: '/tag-data/category/?page_size=100', token: access });
    const ids = before.json<{ results: { id: number }[] }>().results.map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    const res = await restored.call({
      method: 'POST',
      url: '/tag-data/category/',
      token: access,
      payload: { name: 'Restored shelf' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ id: number }>().id).toBeGreaterThan(Math.max(...ids));
  });
});

describe('what a restore refuses', () => {
  it('refuses a target that holds data', async () => {
    await expect(restoreInto(archive, { database: source.database, filesDir: path.join(work, 'x') })).rejects.toThrow(
      /holds data/,
    );
  });

  it('refuses an archive cut short, altered, with a stray entry or from a newer version, before touching anything', async () => {
    const cut = path.join(work, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(archive).subarray(0, Math.floor(readFileSync(archive).length / 2)));
    await expect(checkArchive(cut)).rejects.toThrow(BackupError);

    const altered = path.join(work, 'altered.tar.gz');
    await rewrite(archive, altered, (name, data) =>
      name.startsWith('db/items/')
        ? Buffer.from(data.toString().replace(/"name": "[^"]*"/, '"name": "Changed"'))
        : data,
    );
    await expect(checkArchive(altered)).rejects.toThrow(/checksum differs/);

    const stray = path.join(work, 'stray.tar.gz');
    await rewrite(archive, stray, (_name, data) => data, [{ name: 'files/../../escape', data: Buffer.from('x') }]);
    await expect(checkArchive(stray)).rejects.toThrow(/no backup writes/);

    const missing = path.join(work, 'missing.tar.gz');
    await rewrite(archive, missing, (name, data) => (name.startsWith('files/') ? null : data));
    await expect(checkArchive(missing)).rejects.toThrow(/lacks/);

    const newer = path.join(work, 'newer.tar.gz');
    await rewrite(
      archive,
      newer,
      (name, data) => {
        if (name !== 'tagtrack-backup.json') return data;
        const header = JSON.parse(data.toString()) as { migrations: { when: number; hash: string }[] };
        header.migrations.push({ when: 9_999_999_999_999, hash: 'future' });
        return Buffer.from(JSON.stringify(header));
      },
      [],
      true,
    );
    await expect(checkArchive(newer)).rejects.toThrow(/newer Tagtrack/);

    const dataDir = path.join(work, 'untouched');
    for (const file of [cut, altered, stray, missing]) {
      await expect(restoreDataDir(file, dataDir, { force: true })).rejects.toThrow(BackupError);
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it('replaces a data directory that holds data only with --force, keeping it beside', async () => {
    const dataDir = path.join(work, 'occupied');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'keep.txt'), 'before');
    await expect(restoreDataDir(archive, dataDir, { force: false })).rejects.toThrow(/not empty/);
    expect(readdirSync(dataDir)).toEqual(['keep.txt']);
    const summary = await restoreDataDir(archive, dataDir, { force: true });
    expect(summary.replaced).toBeDefined();
    expect(readFileSync(path.join(summary.replaced!, 'keep.txt'), 'utf8')).toBe('before');
    expect(readdirSync(dataDir).sort()).toEqual(['files', 'pglite']);
  }, 120_000);
});

describe.runIf(TEST_DB_KIND === 'pglite')(
  'the CLI backs up a running server and restores into a new data directory',
  () => {
    const run = promisify(execFile);
    const cli = (env: Record<string, string>, ...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/tools/cli/index.ts', ...args], {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      });
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      for (const server of servers) await server.kill();
    });

    it('backs up through the server socket, refuses a running target, restores, and the copy signs its users in', async () => {
      const live = path.join(work, 'live');
      const copy = path.join(work, 'copy');
      const file = path.join(work, 'live.tar.gz');
      const env = { DEMO_DATA: '0', ADMIN_PASSWORD: 'Backup-admin-1', MQTT_EMBEDDED: '0' };
      const server = new ServerProcess({ ...env, DATA_DIR: live, DATABASE_URL: '' });
      servers.push(server);
      const url = await server.ready();
      const { stdout } = await cli({ DATA_DIR: live }, 'backup', '--to', file);
      expect(stdout).toMatch(/Backed up \d+ rows of \d+ tables/);
      await expect(cli({ DATA_DIR: live }, 'restore', '--from', file, '--force')).rejects.toMatchObject({
        stderr: expect.stringMatching(/in use by a running Tagtrack process/),
      });
      const restore = await cli({ DATA_DIR: copy }, 'restore', '--from', file);
      expect(restore.stdout).toMatch(/Restored \d+ rows/);
      await server.stop();

      const second = new ServerProcess({ ...env, DATA_DIR: copy, DATABASE_URL: '', ADMIN_PASSWORD: 'Other-admin-2' });
      servers.push(second);
      const copyUrl = await second.ready();
      expect(second.output).not.toMatch(/First start/);
      const signIn = await fetch(`${copyUrl}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Backup-admin-1' }),
      });
      expect(signIn.status).toBe(200);
      expect(url).toMatch(/^http/);
      await second.stop();
    }, 180_000);
  },
);
