import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchive, restoreInto } from '../src/tools/cli/backup.js';
import { MIGRATIONS_FOLDER } from '../src/db/client.js';
import { knownMigrations } from '../src/db/backup.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { login } from './factories.js';
import { openEmptyTestDatabase } from './test-database.js';

/**
 * Upgrades keep the data: the backup of an installation at an earlier schema (migration 0019, the
 * product before reports and sensors: the demo customer after a few minutes of its readers'
 * moves, made with that version's `npm start` and backed up by this one's CLI), restored into an
 * empty database — brought to its schema, loaded, then this version's migrations run over it — and
 * then everything it held is found again through the API. README, Upgrading, says how it was made.
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'backup-migration-0019.tar.gz');
const PASSWORD = 'Upgrade-admin-1';

type Row = Record<string, unknown>;

/** The rows of one table in the archive, read with tar from the archive's JSON lines. */
async function archiveRows(table: string): Promise<Row[]> {
  const tar = await import('tar-stream');
  const { createGunzip } = await import('node:zlib');
  const { createReadStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const extract = tar.extract();
  const reading = pipeline(createReadStream(FIXTURE), createGunzip(), extract);
  const rows: Row[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const part of entry) parts.push(part as Buffer);
    if (entry.header.name.startsWith(`db/${table}/`)) {
      for (const line of Buffer.concat(parts).toString().split('\n')) if (line) rows.push(JSON.parse(line) as Row);
    }
  }
  await reading;
  return rows;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-upgrade-'));
let t: TestApp;
let token: string;

beforeAll(async () => {
  const database = await openEmptyTestDatabase();
  await restoreInto(FIXTURE, { database, filesDir: path.join(work, 'files') });
  t = await buildTestApp({ database, env: { DATA_DIR: work } });
  token = (await login(t, 'admin', PASSWORD)).access;
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const get = async <T>(url: string) => {
  const res = await t.call({ method: 'GET', url, token });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

describe('an installation at migration 0019 upgraded to this version', () => {
  it('was made at an earlier schema than this one', async () => {
    const { migrations } = await checkArchive(FIXTURE);
    expect(migrations).toBe(20);
    expect(knownMigrations().length).toBeGreaterThan(migrations);
  });

  it('keeps its users, who sign in with their passwords', async () => {
    const users = await archiveRows('users');
    const list = await get<{ count: number; results: { username: string }[] }>('/accounts/users/?page_size=100');
    expect(list.count).toBe(users.length);
    expect(list.results.map((u) => u.username).sort()).toEqual(users.map((u) => u.username as string).sort());
    expect((await login(t, 'operator', PASSWORD)).access).toBeTruthy();
  });

  it('keeps every item with its product and location, and the counts match', async () => {
    const items = await archiveRows('items');
    const statuses = await archiveRows('location_status_counts');
    const list = await get<{ count: number }>('/tag-data/tag/?page_size=1');
    // The list counts what is not removed: the counts the archive kept say how many that is.
    const removedRoots = new Set(
      (await archiveRows('locations')).filter((l) => l.special === 'removed').map((l) => l.uuid),
    );
    expect(list.count).toBe(
      statuses.filter((s) => !removedRoots.has(s.location_uuid)).reduce((sum, s) => sum + Number(s.count), 0),
    );
    expect(list.count).toBeGreaterThan(1000);
    // The products each location holds, tallied by the upgrade from the product counts the archive kept.
    const held = (await archiveRows('location_product_counts')).filter(
      (c) => c.status === 'in' && Number(c.count) > 0 && !removedRoots.has(c.location_uuid),
    );
    expect((await get<{ count: number }>('/tag-data/location/itemcount/?page_size=1')).count).toBe(held.length);
    expect(held.length).toBeGreaterThan(10);
    const skus = new Map((await archiveRows('products')).map((p) => [p.id, p.sku]));
    for (const item of items.filter((_, i) => i % 250 === 0)) {
      const detail = await get<{ code: string; product__sku: string; location: string; status: string }>(
        `/tag-data/tag/${item.id}/`,
      );
      expect(detail).toMatchObject({
        code: item.code,
        product__sku: skus.get(item.product_id),
        location: item.location_uuid,
        status: item.status,
      });
    }
  });

  it("keeps the items' history the readers wrote", async () => {
    const history = await archiveRows('item_history');
    expect(history.length).toBeGreaterThan(100);
    const epc = history[0]!.epc as string;
    const page = await get<{ count: number }>(`/tag-data/tag/history/?tag=${epc}`);
    expect(page.count).toBe(history.filter((h) => h.epc === epc).length);
  });

  it('keeps the locations, readers and the pictures, served with the same bytes', async () => {
    const readers = await archiveRows('readers');
    expect((await get<{ count: number }>('/configuration/reader/?page_size=100')).count).toBe(readers.length);
    const files = await archiveRows('location_files');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const res = await t.call({
        method: 'GET',
        url: `/configuration/location/${file.location_uuid}/files/${file.id}/get_file/`,
        token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(
        readFileSync(path.join(work, 'files', ...(file.storage_key as string).split('/'))),
      );
    }
  });

  it('works as the new version: the features of later migrations answer on the upgraded data', async () => {
    // Reports (migration 0020) and sensor rules (0026) start empty; the demo customer had the
    // sensor extension already, so its rules answer.
    expect((await get<{ count: number }>('/report/scheduled/')).count).toBe(0);
    expect(await get('/sensor-data/observation/rule/')).toEqual({ count: 0, results: [] });
  });
});

describe('migrations that remove data', () => {
  /**
   * A statement of a migration that drops a table or column, empties or deletes from a table, or
   * changes a column's type. Function bodies (CREATE FUNCTION …) are whole statements of their own
   * and do not start so.
   */
  const DESTRUCTIVE =
    /^(drop\s+table|truncate|delete\s+from|alter\s+table\s+\S+\s+(drop\s+column|alter\s+column\s+\S+\s+(set\s+data\s+)?type))\b/i;

  it('are listed, each with its step, in the README (Upgrading)', () => {
    const readme = readFileSync(path.join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = /## Upgrading\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    expect(section).toMatch(/Migrations that remove or change data/);
    const found: string[] = [];
    for (const file of readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'))) {
      const statements = readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint');
      for (const statement of statements) {
        const text = statement.replace(/^(\s*--[^\n]*\n)*\s*/, '');
        if (DESTRUCTIVE.test(text)) found.push(file.replace(/\.sql$/, ''));
      }
    }
    for (const tag of found) expect(section, `${tag} removes or changes data`).toContain(tag);
    // The check itself finds such a statement.
    expect(DESTRUCTIVE.test('ALTER TABLE "items" DROP COLUMN "name"')).toBe(true);
    expect(DESTRUCTIVE.test('CREATE FUNCTION f() AS $$ DELETE FROM x $$')).toBe(false);
  });
});
