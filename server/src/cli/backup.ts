import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import {
  appliedMigrations,
  customerCount,
  knownMigrations,
  migrationsUpTo,
  readDatabase,
  tableRowCounts,
  writeDatabase,
  type DatabaseShape,
  type TableShape,
} from '../db/backup.js';
import { dataDirHolder, openDatabase, type Database } from '../db/client.js';
import { BACKEND_VERSION } from '../lib/version.js';

/**
 * Backups of a Tagtrack installation: its database and its uploaded files in one gzipped tar
 * archive (docs/deployment.md, Backup and restore). In order: a header (what made it, the schema's
 * migrations, the tables and their columns), the rows of each table as JSON lines in chunks, the
 * files, and a manifest with every entry's size and SHA-256 last, so that an archive cut short or
 * altered is found before anything is restored from it.
 */

export const BACKUP_FORMAT = 'tagtrack-backup';
export const BACKUP_FORMAT_VERSION = 1;
const HEADER = 'tagtrack-backup.json';
const MANIFEST = 'manifest.json';

/** A problem with the archive or the target, told to the operator as is (exit code 1). */
export class BackupError extends Error {}

const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int(),
  created_at: z.string(),
  tagtrack_version: z.string(),
  database: z.enum(['embedded', 'postgresql']),
  migrations: z.array(z.object({ when: z.number(), hash: z.string() })),
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1) })),
  sequences: z.array(z.object({ name: z.string(), value: z.string().regex(/^-?\d+$/), called: z.boolean() })),
  partitions: z.array(z.string()),
});
type Header = z.infer<typeof HeaderSchema>;

const ManifestSchema = z.object({
  entries: z.array(z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string() })),
  rows: z.record(z.string(), z.number().int().min(0)),
  files: z.number().int().min(0),
});
type Manifest = z.infer<typeof ManifestSchema>;

/** Entry names: db/<table>/<chunk>.jsonl and files/<storage key>, nothing that leaves the directory. */
const DB_ENTRY = /^db\/([a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/;
const FILE_ENTRY = /^files\/((?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*)$/;

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Every regular file under `dir`, as paths relative to it (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Writes the backup of `database` and the files under `filesDir` to `file` (refusing to replace
 * one): first to `<file>.partial`, renamed when complete, so that a backup cut short is never
 * taken for one. The database is read in one snapshot; files come after it, so every file a row
 * of the snapshot names is complete.
 */
export async function backup(database: Database, filesDir: string, file: string): Promise<BackupSummary> {
  if (existsSync(file)) throw new BackupError(`${file} exists: choose another name (a backup never replaces a file).`);
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial));
  const entries: Manifest['entries'] = [];
  const rows: Record<string, number> = {};
  const chunks = new Map<string, number>();
  const add = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) => {
      entries.push({ name, size: data.length, sha256: sha256(data) });
      pack.entry({ name, size: data.length, mtime: new Date() }, data, (error) => (error ? reject(error) : resolve()));
    });
  try {
    let shape: DatabaseShape | undefined;
    await readDatabase(
      database.privileged,
      async (table, lines) => {
        const n = (chunks.get(table.name) ?? 0) + 1;
        chunks.set(table.name, n);
        rows[table.name] = (rows[table.name] ?? 0) + lines.length;
        await add(`db/${table.name}/${String(n).padStart(6, '0')}.jsonl`, Buffer.from(`${lines.join('\n')}\n`));
      },
      async (read) => {
        shape = read;
        for (const table of read.tables) rows[table.name] = 0;
        const header: Header = {
          format: BACKUP_FORMAT,
          format_version: BACKUP_FORMAT_VERSION,
          created_at: new Date().toISOString(),
          tagtrack_version: BACKEND_VERSION,
          database: database.kind === 'pglite' ? 'embedded' : 'postgresql',
          ...read,
        };
        await add(HEADER, Buffer.from(JSON.stringify(header, null, 2)));
      },
    );
    if (!shape) throw new Error('the database was not read');
    let bytes = 0;
    const files = await filesUnder(filesDir);
    for (const relative of files) {
      const source = path.join(filesDir, relative);
      const { size } = await stat(source);
      const hash = createHash('sha256');
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name: `files/${relative}`, size, mtime: new Date() }, (error) =>
          error ? reject(error) : resolve(),
        );
        const input = createReadStream(source);
        input.on('data', (data) => hash.update(data));
        input.on('error', reject);
        input.pipe(entry);
      });
      entries.push({ name: `files/${relative}`, size, sha256: hash.digest('hex') });
      bytes += size;
    }
    const manifest: Manifest = { entries: [...entries], rows, files: files.length };
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST, mtime: new Date() }, JSON.stringify(manifest, null, 2), (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    pack.finalize();
    await written;
    await rename(partial, file);
    return {
      tables: shape.tables.length,
      rows: Object.values(rows).reduce((sum, n) => sum + n, 0),
      files: files.length,
      bytes,
    };
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/** The entries of an archive, each read whole (a chunk of rows, or a file: `onFile` streams those). */
async function readArchive(
  file: string,
  visit: {
    header(header: Header): Promise<void> | void;
    rows?(table: TableShape, lines: string[]): Promise<void>;
    file?(relative: string, data: Buffer): Promise<void>;
  },
): Promise<{ header: Header; manifest: Manifest; seen: Manifest['entries'] }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const extract = tar.extract();
  const input = pipeline(createReadStream(file), createGunzip(), extract);
  let header: Header | undefined;
  let manifest: Manifest | undefined;
  const seen: Manifest['entries'] = [];
  const tables = new Map<string, TableShape>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifest) throw new BackupError(`The archive goes on after its manifest (${name}).`);
      if (entry.header.type !== 'file') throw new BackupError(`The archive holds ${name}, which is not a file.`);
      const parts: Buffer[] = [];
      for await (const part of entry) parts.push(part as Buffer);
      const data = Buffer.concat(parts);
      if (name === MANIFEST) {
        manifest = parseJson(ManifestSchema, data, MANIFEST);
        continue;
      }
      seen.push({ name, size: data.length, sha256: sha256(data) });
      if (!header) {
        if (name !== HEADER)
          throw new BackupError('This is not a Tagtrack backup (it does not start with its header).');
        header = parseJson(HeaderSchema, data, HEADER);
        if (header.format_version > BACKUP_FORMAT_VERSION) {
          throw new BackupError(
            `The archive is of a newer backup format (${header.format_version}) than this Tagtrack reads (${BACKUP_FORMAT_VERSION}).`,
          );
        }
        for (const table of header.tables) tables.set(table.name, table);
        await visit.header(header);
        continue;
      }
      const rows = DB_ENTRY.exec(name);
      const stored = FILE_ENTRY.exec(name);
      if (rows) {
        const table = tables.get(rows[1]!);
        if (!table) throw new BackupError(`The archive holds rows of ${rows[1]}, a table its header does not name.`);
        const lines = data.toString('utf8').split('\n');
        if (lines.pop() !== '') throw new BackupError(`${name} is cut short.`);
        await visit.rows?.(table, lines);
      } else if (stored && !stored[1]!.split('/').some((part) => part === '.' || part === '..')) {
        await visit.file?.(stored[1]!, data);
      } else {
        throw new BackupError(`The archive holds ${name}, which no backup writes.`);
      }
    }
    await input;
  } catch (error) {
    extract.destroy();
    await input.catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive cannot be read: ${(error as Error).message}.`);
  }
  if (!header) throw new BackupError('This is not a Tagtrack backup (it has no header).');
  if (!manifest) throw new BackupError('The archive is cut short (it has no manifest).');
  return { header, manifest, seen };
}

function parseJson<T>(schema: z.ZodType<T>, data: Buffer, name: string): T {
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    throw new BackupError(`${name} in the archive is not JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new BackupError(`${name} in the archive is not valid: ${parsed.error.issues[0]?.message}.`);
  return parsed.data;
}

/**
 * Reads the whole archive and checks it against its manifest (every entry there, of its size and
 * SHA-256, and nothing else) and against this version: its schema's migrations must be ones this
 * version has, in order. Answers the header and manifest; touches nothing.
 */
export async function checkArchive(file: string): Promise<{ header: Header; manifest: Manifest; migrations: number }> {
  const { header, manifest, seen } = await readArchive(file, { header: () => undefined });
  const listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  for (const entry of seen) {
    const expected = listed.get(entry.name);
    if (!expected) throw new BackupError(`The archive holds ${entry.name}, which its manifest does not list.`);
    if (expected.size !== entry.size || expected.sha256 !== entry.sha256) {
      throw new BackupError(`${entry.name} in the archive is not what was backed up (its checksum differs).`);
    }
    listed.delete(entry.name);
  }
  if (listed.size > 0)
    throw new BackupError(`The archive lacks ${[...listed.keys()][0]} (${listed.size} entries missing).`);
  const known = knownMigrations();
  header.migrations.forEach((migration, index) => {
    if (known[index]?.when !== migration.when) {
      throw new BackupError(
        index >= known.length
          ? `The archive was made by a newer Tagtrack (${header.tagtrack_version}, ${header.migrations.length} migrations; this one has ${known.length}): restore it with that version or a later one.`
          : `The archive's schema is not one of this Tagtrack's (its migration ${index + 1} differs).`,
      );
    }
  });
  return { header, manifest, migrations: header.migrations.length };
}

export interface RestoreTarget {
  /** The database to restore into: empty, at the archive's schema or before it. */
  database: Database;
  /** Where the files go. */
  filesDir: string;
}

/**
 * Restores a checked archive into an empty database: its schema brought to the archive's
 * migrations, its rows loaded in one transaction, the files written, then this version's
 * migrations run (the upgrade) and each table's rows counted against the archive's.
 */
export async function restoreInto(
  file: string,
  target: RestoreTarget,
  checked?: Awaited<ReturnType<typeof checkArchive>>,
): Promise<BackupSummary> {
  const { header, manifest, migrations } = checked ?? (await checkArchive(file));
  const { database, filesDir } = target;
  if ((await customerCount(database.privileged)) > 0) {
    throw new BackupError('The target database holds data: restore into an empty one.');
  }
  const applied = await appliedMigrations(database.privileged);
  if (applied.length > migrations) {
    throw new BackupError(
      `The target database has a newer schema (${applied.length} migrations) than the archive (${migrations}): restore into a new, empty database.`,
    );
  }
  const upTo = migrationsUpTo(migrations);
  try {
    await database.migrate({ migrationsFolder: upTo.folder });
  } finally {
    upTo.dispose();
  }
  let bytes = 0;
  await writeDatabase(database.privileged, header, async (load) => {
    await readArchive(file, {
      header: () => undefined,
      rows: (table, lines) =>
        load(table, lines).catch((error: unknown) => {
          const cause = (error as { cause?: unknown }).cause ?? error;
          throw new BackupError(`The rows of ${table.name} could not be restored: ${(cause as Error).message}`);
        }),
      file: async (relative, data) => {
        const target = path.join(filesDir, ...relative.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, data, { flag: 'wx' });
        bytes += data.length;
      },
    });
  });
  await database.migrate();
  const counts = await tableRowCounts(
    database.privileged,
    header.tables.map((table) => table.name),
  );
  for (const [table, expected] of Object.entries(manifest.rows)) {
    if (counts.get(table) !== expected && !MIGRATION_CHANGES_ROWS.has(table)) {
      throw new BackupError(`After the restore ${table} holds ${counts.get(table)} rows, the archive ${expected}.`);
    }
  }
  return {
    tables: header.tables.length,
    rows: Object.values(manifest.rows).reduce((sum, n) => sum + n, 0),
    files: manifest.files,
    bytes,
  };
}

/**
 * Tables whose rows a later migration may change in number when it upgrades a restored archive
 * (docs/deployment.md, Upgrading, lists each with the migration and why): none so far.
 */
const MIGRATION_CHANGES_ROWS = new Set<string>();

function refuseInUse(target: string, dataDir: string): void {
  const pid = dataDirHolder(target);
  if (pid !== undefined) {
    throw new BackupError(`${dataDir} is in use by a running Tagtrack process (pid ${pid}): stop it first.`);
  }
}

/** Whether a data directory holds anything (a database, files): what a restore will not replace without --force. */
async function holdsData(dataDir: string): Promise<boolean> {
  if (!existsSync(dataDir)) return false;
  return (await readdir(dataDir)).length > 0;
}

/**
 * Restores an archive into the embedded database's data directory: into a new directory beside
 * it, swapped in when complete, so that a failed restore leaves the target as it was. A directory
 * that holds data is only replaced with `force`, and kept, renamed, beside the new one. A server
 * running on it is never replaced: the lock says so.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  options: { force: boolean },
): Promise<BackupSummary & { replaced?: string }> {
  const target = path.resolve(dataDir);
  const checked = await checkArchive(file);
  refuseInUse(target, dataDir);
  const occupied = await holdsData(target);
  if (occupied && !options.force) {
    throw new BackupError(
      `${dataDir} is not empty: restore into an empty data directory, or add --force to replace it (it is kept beside, renamed).`,
    );
  }
  const staging = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  let summary: BackupSummary;
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: staging });
    try {
      summary = await restoreInto(file, { database, filesDir: path.join(staging, 'files') }, checked);
    } finally {
      await database.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  let replaced: string | undefined;
  if (occupied) {
    try {
      // Once more right before the swap: a server may have started meanwhile.
      refuseInUse(target, dataDir);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    replaced = `${target}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(target, replaced);
  }
  await rename(staging, target);
  return { ...summary, ...(replaced ? { replaced } : {}) };
}
