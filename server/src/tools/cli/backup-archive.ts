import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { CHUNK_ROWS, knownMigrations, type SequenceState, type TableShape } from '../../db/backup.js';
import { BackupError, schemaAt, type RestorePlan } from '../../db/restore.js';

/**
 * The archive of a backup (docs/deployment.md, Backup and restore), and how a restore reads one
 * that anyone may have made: every entry as a stream (a chunk of rows in batches of lines, a file
 * straight to its place), checked against the manifest, and the header's names checked against
 * this version's own schema before anything is written.
 */

export const BACKUP_FORMAT = 'tagtrack-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const HEADER = 'tagtrack-backup.json';
export const MANIFEST = 'manifest.json';

export const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int(),
  created_at: z.string(),
  tagtrack_version: z.string(),
  database: z.enum(['embedded', 'postgresql']),
  migrations: z.array(z.object({ when: z.number(), hash: z.string() })),
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1) })),
  sequences: z.array(z.object({ name: z.string(), value: z.string().regex(/^-?\d{1,19}$/), called: z.boolean() })),
  partitions: z.array(z.string()),
});
export type Header = z.infer<typeof HeaderSchema>;

export const ManifestSchema = z.object({
  entries: z.array(z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string() })),
  rows: z.record(z.string(), z.number().int().min(0)),
  files: z.number().int().min(0),
});
export type Manifest = z.infer<typeof ManifestSchema>;
type Entry = Manifest['entries'][number];

/** Entry names: db/<table>/<chunk>.jsonl and files/<storage key>, nothing that leaves the directory. */
const DB_ENTRY = /^db\/([a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/;
const FILE_ENTRY = /^files\/((?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*)$/;
const PARTITION = /^measurements_(\d{4})(\d{2})(\d{2})$/;

const MB = 1_048_576;
/** A row's JSON line at most: far more than any row takes (a request body is at most 10 MB). */
const MAX_ROW_BYTES = 32 * MB;
/** The header and the manifest at most, the two entries read whole (the manifest lists every file). */
const MAX_HEADER_BYTES = 16 * MB;
const MAX_MANIFEST_BYTES = 256 * MB;
/** The text of one batch of rows written at a time (or CHUNK_ROWS rows, whichever comes first). */
const BATCH_BYTES = 4 * MB;
/** How far from today a measurement day table may be: the retention and the days made ahead. */
const MAX_DAYS_BACK = 36_500;
const MAX_DAYS_AHEAD = 366;

/**
 * The lines of a stream of bytes (an entry of rows) in batches of at most `rows` lines or `bytes`
 * of text, yielded as the stream goes: no more than a batch and a line are held at once. The
 * stream ends with a newline (or it was cut short); no line is empty or longer than `line` bytes.
 */
export async function* lineBatches(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  name: string,
  limits: { rows: number; bytes: number; line: number } = { rows: CHUNK_ROWS, bytes: BATCH_BYTES, line: MAX_ROW_BYTES },
): AsyncGenerator<string[]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let batch: string[] = [];
  let batchBytes = 0;
  const tooLong = () => new BackupError(`${name} holds a row longer than ${limits.line / MB} MB.`);
  for await (const chunk of source) {
    let start = 0;
    // A newline byte never occurs inside a multi-byte UTF-8 character: split the bytes, then decode.
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      if (pendingBytes + piece.length > limits.line) throw tooLong();
      const line = (pending.length > 0 ? Buffer.concat([...pending, piece]) : piece).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = end + 1;
      if (line === '') throw new BackupError(`${name} holds an empty line.`);
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= limits.rows || batchBytes >= limits.bytes) {
        yield batch;
        batch = [];
        batchBytes = 0;
      }
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > limits.line) throw tooLong();
    }
  }
  if (pendingBytes > 0) throw new BackupError(`${name} is cut short.`);
  if (batch.length > 0) yield batch;
}

async function readWhole(source: AsyncIterable<Buffer>, name: string, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of source) {
    size += part.length;
    if (size > limit) throw new BackupError(`${name} in the archive is larger than ${limit / MB} MB.`);
    parts.push(part);
  }
  return Buffer.concat(parts);
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

export interface ArchiveVisitor {
  header(header: Header): Promise<void> | void;
  /** A batch of an entry's rows, of the table the entry's name gives. */
  rows(table: string, lines: string[]): Promise<void> | void;
  /** A file's bytes, which the visitor consumes (or they are skipped). */
  file?(relative: string, data: AsyncIterable<Buffer>): Promise<void>;
}

/**
 * Reads an archive's entries in order, each as a stream, measuring and hashing each as it goes.
 * With `expected` (the manifest of an earlier, checked read), each entry is compared with it as
 * soon as it has been read, so a file changed since its check fails the restore before it commits.
 */
export async function readArchive(
  file: string,
  visit: ArchiveVisitor,
  expected?: Map<string, Entry>,
): Promise<{ header: Header; manifest: Manifest; seen: Entry[] }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const extract = tar.extract();
  const input = pipeline(createReadStream(file), createGunzip(), extract);
  let header: Header | undefined;
  let manifest: Manifest | undefined;
  const seen: Entry[] = [];
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifest) throw new BackupError(`The archive goes on after its manifest (${name}).`);
      if (entry.header.type !== 'file') throw new BackupError(`The archive holds ${name}, which is not a file.`);
      const source = entry as AsyncIterable<Buffer>;
      if (name === MANIFEST) {
        manifest = parseJson(ManifestSchema, await readWhole(source, name, MAX_MANIFEST_BYTES), MANIFEST);
        continue;
      }
      const digest = createHash('sha256');
      let size = 0;
      const data = (async function* () {
        for await (const part of source) {
          digest.update(part);
          size += part.length;
          yield part;
        }
      })();
      if (!header) {
        if (name !== HEADER)
          throw new BackupError('This is not a Tagtrack backup (it does not start with its header).');
        header = parseJson(HeaderSchema, await readWhole(data, name, MAX_HEADER_BYTES), HEADER);
        if (header.format_version > BACKUP_FORMAT_VERSION) {
          throw new BackupError(
            `The archive is of a newer backup format (${header.format_version}) than this Tagtrack reads (${BACKUP_FORMAT_VERSION}).`,
          );
        }
        await visit.header(header);
      } else {
        const rows = DB_ENTRY.exec(name);
        const stored = FILE_ENTRY.exec(name);
        if (rows) {
          for await (const lines of lineBatches(data, name)) await visit.rows(rows[1]!, lines);
        } else if (stored && !stored[1]!.split('/').some((part) => part === '.' || part === '..')) {
          if (visit.file) await visit.file(stored[1]!, data);
          for await (const part of data) void part;
        } else {
          throw new BackupError(`The archive holds ${name}, which no backup writes.`);
        }
      }
      const read = { name, size, sha256: digest.digest('hex') };
      if (expected) {
        const listed = expected.get(name);
        if (!listed || listed.size !== read.size || listed.sha256 !== read.sha256) {
          throw new BackupError(`${name} in the archive changed since it was checked.`);
        }
      }
      seen.push(read);
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
  if (expected && seen.length !== expected.size) throw new BackupError('The archive changed since it was checked.');
  return { header, manifest, seen };
}

/** What a checked archive asks of the database, in this version's names (all but the target's migrations). */
export type ArchivePlan = Omit<RestorePlan, 'applied'>;

const quoted = (name: string) => JSON.stringify(name);

/**
 * SECURITY: the header's names against this version's schema at the archive's migrations, matched
 * exactly: its tables (every one, with its columns), its sequences and its measurement day tables.
 * Anything else was not written by a backup and refuses the archive.
 */
function planOf(header: Header): Omit<ArchivePlan, 'rows'> {
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
  const archived = header.migrations.length;
  const schema = schemaAt(archived);
  const tables: TableShape[] = [];
  for (const table of header.tables) {
    const columns = schema.tables.get(table.name);
    if (!columns || tables.some((t) => t.name === table.name)) {
      throw new BackupError(
        `The archive names a table ${quoted(table.name)} that is not one of this Tagtrack's (at its schema of ${archived} migrations): it was not made by a Tagtrack backup.`,
      );
    }
    const given = new Set(table.columns);
    if (given.size !== table.columns.length || given.size !== columns.length || columns.some((c) => !given.has(c))) {
      throw new BackupError(`The archive gives the table ${table.name} columns its schema does not have.`);
    }
    tables.push({ name: table.name, columns });
  }
  const missing = [...schema.tables.keys()].find((name) => !tables.some((t) => t.name === name));
  if (missing) throw new BackupError(`The archive lacks the table ${missing} its schema has.`);
  const sequences: SequenceState[] = [];
  for (const sequence of header.sequences) {
    if (!schema.sequences.has(sequence.name) || sequences.some((s) => s.name === sequence.name)) {
      throw new BackupError(
        `The archive names a sequence ${quoted(sequence.name)} that is not one of this Tagtrack's: it was not made by a Tagtrack backup.`,
      );
    }
    sequences.push(sequence);
  }
  const days = new Set<number>();
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  for (const partition of header.partitions) {
    const match = PARTITION.exec(partition);
    const day = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
    const valid =
      match !== null &&
      schema.tables.has('measurements') &&
      new Date(day).toISOString().slice(0, 10).replace(/-/g, '') === partition.slice(13) &&
      day >= today - MAX_DAYS_BACK * 86_400_000 &&
      day <= today + MAX_DAYS_AHEAD * 86_400_000 &&
      !days.has(day);
    if (!valid) {
      throw new BackupError(
        `The archive names a measurement day table ${quoted(partition)} that this Tagtrack does not make: it was not made by a Tagtrack backup.`,
      );
    }
    days.add(day);
  }
  return { archived, tables, sequences, days: [...days] };
}

/**
 * Reads the whole archive and checks it, touching nothing: every entry against the manifest (of
 * its size and SHA-256, and nothing else), every row a JSON object and each table's number of rows
 * the manifest's, and the header's schema and names this version's (planOf). Answers what a
 * restore writes.
 */
export async function checkArchive(
  file: string,
): Promise<{ header: Header; manifest: Manifest; migrations: number; plan: ArchivePlan }> {
  let plan: Omit<ArchivePlan, 'rows'> | undefined;
  const counted = new Map<string, number>();
  let files = 0;
  const { header, manifest, seen } = await readArchive(file, {
    header: (read) => {
      plan = planOf(read);
    },
    rows: (table, lines) => {
      if (!plan?.tables.some((t) => t.name === table)) {
        throw new BackupError(`The archive holds rows of ${table}, a table its header does not name.`);
      }
      for (const line of lines) {
        let row: unknown;
        try {
          row = JSON.parse(line);
        } catch {
          row = undefined;
        }
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          throw new BackupError(`The archive holds rows of ${table} that are not JSON objects.`);
        }
      }
      counted.set(table, (counted.get(table) ?? 0) + lines.length);
    },
    file: async () => {
      files += 1;
    },
  });
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
  if (!plan) throw new BackupError('This is not a Tagtrack backup (it has no header).');
  const named = plan.tables.map((table) => table.name);
  const extra = Object.keys(manifest.rows).find((name) => !named.includes(name));
  if (extra) throw new BackupError(`The manifest counts rows of ${quoted(extra)}, a table the header does not name.`);
  for (const name of named) {
    if ((manifest.rows[name] ?? -1) !== (counted.get(name) ?? 0)) {
      throw new BackupError(
        `The manifest counts ${manifest.rows[name] ?? 'no'} rows of ${name}, the archive holds ${counted.get(name) ?? 0}.`,
      );
    }
  }
  if (manifest.files !== files) {
    throw new BackupError(`The manifest counts ${manifest.files} files, the archive holds ${files}.`);
  }
  return { header, manifest, migrations: plan.archived, plan: { ...plan, rows: manifest.rows } };
}
