import { createHash, randomUUID } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
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
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, BackupError, checkArchive, restoreInto } from '../src/tools/cli/backup.js';
import type { Database } from '../src/db/client.js';
import { buildUser } from './factories.js';
import { openEmptyTestDatabase, openTestDatabase } from './test-database.js';

/**
 * A restore from an archive someone else made: each crafted archive below is refused, and the
 * target database and its files directory are exactly as they were; then the real archive still
 * restores into that same target. On PGlite and on PostgreSQL (TEST_DB_KIND).
 */

const work = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-restore-refusals-'));
const archive = path.join(work, 'backup.tar.gz');
const targetDir = path.join(work, 'target');
const filesDir = path.join(targetDir, 'files');
let target: Database;
let sourceUsers: number;

interface Archive {
  header: {
    tables: { name: string; columns: string[] }[];
    sequences: { name: string; value: string; called: boolean }[];
    partitions: string[];
  };
  manifest: { entries: { name: string; size: number; sha256: string }[]; rows: Record<string, number>; files: number };
  /** The entries between the header and the manifest, in order. */
  entries: { name: string; data: Buffer }[];
}

/**
 * Writes a copy of the archive changed by `edit`, with its manifest's sizes and checksums made to
 * match the changed entries (anyone can): only what the restore itself checks can refuse it.
 */
async function craft(label: string, edit: (archive: Archive) => void): Promise<string> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  const read: { name: string; data: Buffer }[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const part of entry) parts.push(part as Buffer);
    read.push({ name: entry.header.name, data: Buffer.concat(parts) });
  }
  await reading;
  const [header, ...rest] = read;
  const manifest = rest.pop()!;
  const parsed: Archive = {
    header: JSON.parse(header!.data.toString()) as Archive['header'],
    manifest: JSON.parse(manifest.data.toString()) as Archive['manifest'],
    entries: rest,
  };
  edit(parsed);
  const entries = [{ name: header!.name, data: Buffer.from(JSON.stringify(parsed.header)) }, ...parsed.entries];
  parsed.manifest.entries = entries.map(({ name, data }) => ({
    name,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  }));
  const file = path.join(work, `${label}.tar.gz`);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(file));
  for (const { name, data } of [
    ...entries,
    { name: manifest.name, data: Buffer.from(JSON.stringify(parsed.manifest)) },
  ])
    pack.entry({ name }, data);
  pack.finalize();
  await written;
  return file;
}

const query = async <T>(text: string) => (await target.jobQueue.executeSql(text)).rows as T[];

/** Everything a restore could leave behind: relations, schemas, functions, extensions, catalog rows, files. */
async function targetState() {
  const files = readdirSync(targetDir, { recursive: true, withFileTypes: true }).map((entry) =>
    path.relative(targetDir, path.join(entry.parentPath, entry.name)),
  );
  return {
    relations: await query(
      `select n.nspname || '.' || c.relname || ':' || c.relkind::text as relation from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'
       order by 1`,
    ),
    schemas: await query(`select nspname from pg_namespace where nspname !~ '^pg_(toast|temp)' order by 1`),
    functions: await query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`,
    ),
    extensions: await query(`select extname from pg_extension order by 1`),
    descriptions: await query(`select count(*)::int as n from pg_description`),
    files: files.sort(),
  };
}

beforeAll(async () => {
  const source = await openTestDatabase();
  const sourceFiles = path.join(work, 'source-files');
  try {
    await buildUser(source.privileged, { role: 'administrator' });
    await source.jobQueue.executeSql('select * from tagtrack_measurement_partitions(3, 2)');
    mkdirSync(path.join(sourceFiles, '1'), { recursive: true });
    writeFileSync(path.join(sourceFiles, '1', randomUUID()), 'a picture');
    const [users] = (await source.jobQueue.executeSql('select count(*)::int as n from users')).rows as { n: number }[];
    sourceUsers = users!.n;
    await backup(source, sourceFiles, archive);
  } finally {
    await source.close();
  }
  target = await openEmptyTestDatabase();
  mkdirSync(targetDir);
}, 120_000);

afterAll(async () => {
  await target?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The restore of `file` is refused with `message`, and the target is as it was. */
async function refused(file: string, message: RegExp, checked?: Awaited<ReturnType<typeof checkArchive>>) {
  const before = await targetState();
  const error = await restoreInto(file, { database: target, filesDir }, checked).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(await targetState()).toEqual(before);
  expect(error).toBeInstanceOf(BackupError);
  expect((error as Error).message).toMatch(message);
}

describe('a restore refuses a crafted archive and leaves the target as it was', () => {
  it('starts from an empty database and files directory', async () => {
    const state = await targetState();
    expect(state.relations).toEqual([]);
    expect(state.files).toEqual([]);
    expect(state.descriptions[0]).toMatchObject({ n: expect.any(Number) });
  });

  it('refuses a table name with SQL in it', async () => {
    const name = 'items"; drop table customers; --';
    const file = await craft('table-sql', ({ header, manifest }) => {
      header.tables.push({ name, columns: ['id'] });
      manifest.rows[name] = 0;
    });
    await refused(file, /names a table "items\\"; drop table customers; --" that is not one of this Tagtrack's/);
  });

  it('refuses a measurement day table name with SQL in it', async () => {
    const file = await craft('partition-sql', ({ header }) => {
      header.partitions.push('measurements_20260101; drop table customers');
    });
    await refused(file, /names a measurement day table "measurements_20260101; drop table customers"/);
  });

  it('refuses a system catalog named as a table, which it leaves full', async () => {
    const file = await craft('catalog', ({ header, manifest }) => {
      header.tables.push({ name: 'pg_description', columns: ['objoid', 'classoid', 'objsubid', 'description'] });
      manifest.rows.pg_description = 0;
    });
    const before = await query<{ n: number }>('select count(*)::int as n from pg_description');
    expect(before[0]!.n).toBeGreaterThan(0);
    await refused(file, /names a table "pg_description"/);
  });

  it('refuses a manifest whose row count was changed', async () => {
    const file = await craft('row-count', ({ manifest }) => {
      manifest.rows.users = (manifest.rows.users ?? 0) + 1;
    });
    await refused(file, /manifest counts \d+ rows of users, the archive holds \d+/);
  });

  it('refuses an entry of rows cut short, a row that is not JSON, and an archive cut in half', async () => {
    const rowsOf = (archive: Archive, table: string) => archive.entries.find((e) => e.name.startsWith(`db/${table}/`))!;
    const cut = await craft('cut-entry', (archive) => {
      const entry = rowsOf(archive, 'users');
      entry.data = entry.data.subarray(0, entry.data.length - 10);
    });
    await refused(cut, /db\/users\/000001\.jsonl is cut short/);

    const corrupt = await craft('corrupt-row', (archive) => {
      const entry = rowsOf(archive, 'users');
      entry.data = Buffer.from(entry.data.toString().replace(/\}\n/, ',}\n'));
    });
    await refused(corrupt, /rows of users that are not JSON objects/);

    const half = path.join(work, 'half.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(half, whole.subarray(0, Math.floor(whole.length / 2)));
    await refused(half, /cannot be read|cut short/);
  });

  it('refuses a sequence that is not one of the schema', async () => {
    const file = await craft('sequence', ({ header }) => {
      header.sequences.push({ name: 'pg_catalog.pg_class', value: '1', called: true });
    });
    await refused(file, /names a sequence "pg_catalog.pg_class" that is not one of this Tagtrack's/);
  });

  it('undoes the schema, the rows and the files when the database refuses the archive midway', async () => {
    // Past every check an archive can be checked by: the sequence's value is out of its bounds,
    // which the database finds after the rows and the files were written.
    const file = await craft('sequence-bounds', ({ header }) => {
      const customers = header.sequences.find((s) => s.name === 'customers_id_seq')!;
      customers.value = '0';
    });
    await refused(file, /sequence customers_id_seq could not be set/);
  });

  it('undoes everything when an entry changed between the check and the restore', async () => {
    const file = await craft('changed', (archive) => {
      const entry = archive.entries.find((e) => e.name.startsWith('files/'))!;
      entry.data = Buffer.from('another picture');
    });
    await refused(file, /changed since it was checked/, await checkArchive(archive));
  });

  it('then restores the real archive into the same target', async () => {
    const summary = await restoreInto(archive, { database: target, filesDir });
    expect(summary.files).toBe(1);
    expect(await query<{ n: number }>('select count(*)::int as n from users')).toEqual([{ n: sourceUsers }]);
    expect(readdirSync(targetDir).sort()).toEqual(['files']);
    expect(readdirSync(path.join(filesDir, '1'))).toHaveLength(1);
  });
});
