import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_LIMIT_ROWS } from '@tagtrack/contract';

/** Rows fetched per database round trip while an export streams. */
export const EXPORT_CHUNK_ROWS = 2_000;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, so an EPC, name or attribute typed by someone cannot execute on opening
 * (OWASP CSV injection). Numbers are written as they are.
 */
export function safeCell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * One CSV line (RFC 4180, as spreadsheets read it): each cell made safe (safeCell), quoted when it
 * holds a comma, a quote or a line break, with its quotes doubled; ended by a newline. Written by
 * hand because exports format up to 100,000 rows: a general CSV library took most of their time.
 */
export function csvLine(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = safeCell(cells[i]);
    const text = typeof cell === 'number' ? String(cell) : cell;
    if (i > 0) line += ',';
    line += /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }
  return `${line}\n`;
}

/**
 * An attachment header for any file name (a location's name may be in any script): a plain ASCII
 * `filename` for old clients, and the exact name as RFC 5987 `filename*`. Node refuses header
 * values outside Latin-1, so the name never goes into the header raw.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a CSV download: the header row, then the rows of `chunks` as the database yields them
 * (each chunk one query, written as one piece), stopping at 100,000 rows. The stream pulls the next
 * chunk only when the client has taken the last, so memory stays at about a chunk whatever the
 * export's size. A failure midway ends the body broken, so the client sees a failed download.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  chunks: AsyncIterable<readonly (readonly unknown[])[]> | Iterable<readonly (readonly unknown[])[]>,
  limit = EXPORT_LIMIT_ROWS,
): FastifyReply {
  async function* body() {
    yield csvLine(header);
    let written = 0;
    for await (const rows of chunks) {
      let text = '';
      for (const row of rows) {
        if (written >= limit) break;
        written += 1;
        text += csvLine(row);
      }
      if (text) yield text;
      if (written >= limit) return;
    }
  }
  const stream = Readable.from(body(), { objectMode: false });
  stream.on('error', (error) => reply.log.error({ err: error }, 'CSV export failed'));
  return reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition(fileName)).send(stream);
}

/**
 * Pages through a query for an export: `fetch(offset, limit, last)` answers one chunk in the list's
 * order; iteration ends at a short chunk or at `max` rows. The next chunk is asked for as soon as
 * the last is in, so the database works on it while the caller writes this one. Fine up to the
 * 100,000-row cap; for large offsets prefer a keyset `fetch` that continues after `last`.
 */
export async function* inChunks<T>(
  fetch: (offset: number, limit: number, last: T | undefined) => Promise<readonly T[]>,
  max = EXPORT_LIMIT_ROWS,
  size = EXPORT_CHUNK_ROWS,
): AsyncGenerator<readonly T[]> {
  const ask = (offset: number, last: T | undefined) => {
    const rows = fetch(offset, Math.min(size, max - offset), last);
    // Awaited below; if the caller stops first, a failure of this one is of no interest.
    rows.catch(() => undefined);
    return rows;
  };
  let offset = 0;
  let pending = offset < max ? ask(0, undefined) : undefined;
  while (pending) {
    const rows = await pending;
    offset += rows.length;
    pending = rows.length === size && offset < max ? ask(offset, rows[rows.length - 1]) : undefined;
    if (rows.length > 0) yield rows;
  }
}
