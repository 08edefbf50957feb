import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { messageWithParams } from '@tagtrack/contract';

/** A problem of the whole file (not of a row): the import stops, the message goes under `file`. */
export class ImportFileError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** One data row: its line number in the file (the line it starts on) and its cells in header order. */
export interface CsvRow {
  line: number;
  cells: string[];
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of the header line: a comma, or a semicolon or tab as spreadsheets write them in
 * many locales. Counted outside quotes.
 */
export function sniffDelimiter(firstLine: string): string {
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const char of firstLine) {
      if (char === '"') quoted = !quoted;
      else if (!quoted && char === delimiter) count++;
    }
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Discards what is left of an upload. */
function drain(source: Readable) {
  if (!source.readableEnded && !source.destroyed) source.resume();
}

/** The first chunks of a stream up to the end of the first line (or all of it when shorter). */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), done: true };
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(0x0a) || chunk.includes(0x0d) || size > 64 * 1024) {
      return { head: Buffer.concat(chunks), done: false };
    }
  }
}

async function* replay(head: Buffer, iterator: AsyncIterator<Buffer>, done: boolean): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  if (done) return;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Reads a CSV upload as a stream: the file is never held whole in memory, records come one at a
 * time with back-pressure (the caller's awaits pause the parser). The first record is the header.
 * Binary content, a broken quote or a stream cut at the size limit end the import with an
 * ImportFileError. `sizeExceeded` is asked after the stream ends: the multipart parser stops a file
 * at the upload limit and only marks it truncated.
 */
export async function* readCsv(source: Readable, sizeExceeded: () => boolean = () => false): AsyncGenerator<CsvRow> {
  // Not destroyed on an early stop: the rest of the upload is drained, so the answer goes out cleanly.
  const iterator = source.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  const { head, done } = await readHead(iterator);
  if (head.includes(0)) {
    drain(source);
    throw new ImportFileError('importNotCsv');
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(firstLine),
    // Both line ends everywhere: files edited by several tools mix them.
    record_delimiter: ['\r\n', '\n'],
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 1_000_000,
  });
  const input = replay(head, iterator, done);
  // Feed the parser by hand so a failure on either side ends both.
  const feeding = (async () => {
    try {
      for await (const chunk of input) {
        if (chunk.includes(0)) throw new ImportFileError('importNotCsv');
        if (parser.destroyed) return;
        if (!parser.write(chunk)) {
          await new Promise<void>((resolve) => {
            parser.once('drain', resolve);
            parser.once('close', resolve);
          });
        }
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    // info.lines is the line where a record ends, counting a CRLF inside quotes as two lines:
    // `drift` takes those back, and the record's own line breaks step back to its first line.
    let drift = 0;
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (sizeExceeded()) throw new ImportFileError('importFileTooLarge');
      let breaks = 0;
      for (const cell of record) {
        if (!cell.includes('\n') && !cell.includes('\r')) continue;
        for (let i = 0; i < cell.length; i++) {
          if (cell[i] === '\n') {
            breaks++;
            if (cell[i - 1] === '\r') drift++;
          } else if (cell[i] === '\r' && cell[i + 1] !== '\n') breaks++;
        }
      }
      yield { line: info.lines - drift - breaks, cells: record };
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    if (sizeExceeded()) throw new ImportFileError('importFileTooLarge');
    // Any parse failure of the file, by class: not every code starts with CSV_ (INVALID_OPENING_QUOTE).
    if (error instanceof CsvError) throw new ImportFileError('importNotCsv');
    throw error;
  } finally {
    parser.destroy();
    await feeding;
    drain(source);
  }
  if (sizeExceeded()) throw new ImportFileError('importFileTooLarge');
}

/** The header of an import: base columns by name and attribute columns, each with its cell index. */
export interface ImportHeader {
  base: Map<string, number>;
  /** Attribute name (as written after the prefix) → cell index. */
  attributes: Map<string, number>;
}

/**
 * Checks a header against the template's columns: names are matched without regard to case and
 * surrounding spaces; a required column missing → importMissingColumn; an unknown or repeated
 * column → importNotCsv (a typo would otherwise drop a column silently).
 */
export function readHeader(
  cells: readonly string[],
  columns: readonly string[],
  required: readonly string[],
  attributePrefix: string,
): ImportHeader {
  const base = new Map<string, number>();
  const attributes = new Map<string, number>();
  const seen = new Set<string>();
  cells.forEach((raw, index) => {
    const cell = raw.trim();
    const lower = cell.toLowerCase();
    if (cell === '' && index === cells.length - 1 && index > 0) return; // a trailing delimiter
    if (seen.has(lower)) throw new ImportFileError('importNotCsv');
    seen.add(lower);
    if (lower.startsWith(attributePrefix)) {
      const name = cell.slice(attributePrefix.length).trim();
      if (name === '') throw new ImportFileError('importNotCsv');
      attributes.set(name, index);
    } else if (columns.includes(lower)) {
      base.set(lower, index);
    } else {
      throw new ImportFileError('importNotCsv');
    }
  });
  for (const column of required) {
    if (!base.has(column)) {
      if (base.size === 0 && attributes.size === 0) throw new ImportFileError('importNotCsv');
      throw new ImportFileError(messageWithParams('importMissingColumn', { column }));
    }
  }
  return { base, attributes };
}

/** Reads a row's cells by column: trimmed, '' for a column the header lacks or the row cut short. */
export function cellReader(header: ImportHeader, cells: readonly string[]) {
  return (column: string): string => {
    const index = header.base.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
}
