import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import {
  appliedMigrations,
  customerCount,
  knownMigrations,
  readDatabase,
  type DatabaseShape,
} from '../../db/backup.js';
import { dataDirHolder, openDatabase, type Database } from '../../db/client.js';
import { BackupError, databaseMessage, restoreDatabase } from '../../db/restore.js';
import { BACKEND_VERSION } from '../../lib/version.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  checkArchive,
  HEADER,
  MANIFEST,
  readArchive,
  type Header,
  type Manifest,
} from './backup-archive.js';

export { BackupError, checkArchive };

/**
 * Backups of a Tagtrack installation: its database and its uploaded files in one gzipped tar
 * archive (docs/deployment.md, Backup and restore). In order: a header (what made it, the schema's
 * migrations, the tables and their columns), the rows of each table as JSON lines in chunks, the
 * files, and a manifest with every entry's size and SHA-256 last, so that an archive cut short or
 * altered is found before anything is restored from it.
 */

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

export interface RestoreTarget {
  /** The database to restore into: empty, at the archive's schema or before it. */
  database: Database;
  /** Where the files go. */
  filesDir: string;
}

/**
 * The restored files' place: they are written to a directory beside `filesDir` and moved into it
 * only right before the database commits (`place`); `undo` takes back whatever a failed restore
 * made, so that `filesDir` and its parent are as they were.
 */
async function stagedFiles(filesDir: string) {
  const parent = path.dirname(filesDir);
  const madeParent = await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, `.${path.basename(filesDir)}.restoring-`));
  const existed = existsSync(filesDir);
  const placed: string[] = [];
  return {
    dir,
    async place() {
      if (!existed) await mkdir(filesDir);
      for (const child of await readdir(dir)) {
        await rename(path.join(dir, child), path.join(filesDir, child));
        placed.push(child);
      }
      await rm(dir, { recursive: true, force: true });
    },
    async undo() {
      for (const child of placed) await rm(path.join(filesDir, child), { recursive: true, force: true });
      if (!existed) await rm(filesDir, { recursive: true, force: true });
      await rm(dir, { recursive: true, force: true });
      if (madeParent) await rm(madeParent, { recursive: true, force: true });
    },
  };
}

/**
 * Restores an archive into a database that holds no customer's data, all or nothing: the archive
 * is checked whole first (checkArchive: nothing is written for one that fails), then in one
 * transaction the schema is brought to the archive's migrations, its rows loaded, every entry
 * checked again as it streams by, the rows counted, this version's migrations run (the upgrade)
 * and the files put in `filesDir` (which must be empty) before the commit. A failure anywhere
 * leaves the database and `filesDir` as they were.
 */
export async function restoreInto(
  file: string,
  target: RestoreTarget,
  checked?: Awaited<ReturnType<typeof checkArchive>>,
): Promise<BackupSummary> {
  const { manifest, plan } = checked ?? (await checkArchive(file));
  const { database, filesDir } = target;
  if ((await customerCount(database.privileged)) > 0) {
    throw new BackupError('The target database holds data: restore into an empty one.');
  }
  const applied = await appliedMigrations(database.privileged);
  if (applied.length > plan.archived) {
    throw new BackupError(
      `The target database has a newer schema (${applied.length} migrations) than the archive (${plan.archived}): restore into a new, empty database.`,
    );
  }
  const known = knownMigrations();
  if (applied.some((migration, index) => migration.when !== known[index]?.when)) {
    throw new BackupError("The target database's schema is not one of this Tagtrack's: restore into a new, empty one.");
  }
  if (existsSync(filesDir) && (await readdir(filesDir)).length > 0) {
    throw new BackupError(
      `${filesDir} is not empty: the restored files go there (set DATA_DIR to an empty directory).`,
    );
  }
  const tables = new Map(plan.tables.map((table) => [table.name, table]));
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  const files = await stagedFiles(filesDir);
  let bytes = 0;
  try {
    await restoreDatabase(
      database.privileged,
      { ...plan, applied: applied.length },
      (write) =>
        readArchive(
          file,
          {
            header: () => undefined,
            rows: (name, lines) => {
              const table = tables.get(name);
              if (!table) throw new BackupError(`The archive holds rows of ${name}, a table its header does not name.`);
              return write(table, lines);
            },
            file: async (relative, data) => {
              const stored = path.join(files.dir, ...relative.split('/'));
              await mkdir(path.dirname(stored), { recursive: true });
              await pipeline(data, createWriteStream(stored, { flags: 'wx' }));
              bytes += (await stat(stored)).size;
            },
          },
          expected,
        ).then(() => undefined),
      () => files.place(),
    );
  } catch (error) {
    // The restore's own failure is what the operator needs to hear, not a failure to tidy up.
    await files.undo().catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive could not be restored (nothing of it was kept): ${databaseMessage(error)}`);
  }
  return {
    tables: plan.tables.length,
    rows: Object.values(manifest.rows).reduce((sum, n) => sum + n, 0),
    files: manifest.files,
    bytes,
  };
}

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
