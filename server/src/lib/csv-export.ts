import { stringify } from 'csv-stringify';
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
 * (each chunk one query), stopping at 100,000 rows. Backpressure is respected, so memory stays
 * at about one chunk whatever the export's size.
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  chunks: AsyncIterable<readonly (readonly unknown[])[]>,
  limit = EXPORT_LIMIT_ROWS,
): Promise<FastifyReply> {
  const csv = stringify({ header: true, columns: [...header] });
  reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition(fileName)).send(csv);
  let written = 0;
  try {
    outer: for await (const rows of chunks) {
      for (const row of rows) {
        if (written >= limit) break outer;
        written += 1;
        if (!csv.write(row.map(safeCell))) await new Promise<void>((resolve) => csv.once('drain', resolve));
      }
    }
    csv.end();
  } catch (error) {
    // Headers are gone already: end the body broken so the client sees a failed download.
    csv.destroy(error as Error);
    reply.log.error({ err: error }, 'CSV export failed');
  }
  return reply;
}

/**
 * Pages through a query for an export: `fetch(offset, limit)` answers one chunk in the list's
 * order; iteration ends at a short chunk or at `max` rows. Fine up to the 100,000-row cap; for
 * large offsets prefer a keyset `fetch` that ignores offset and continues after the last row.
 */
export async function* inChunks<T>(
  fetch: (offset: number, limit: number, last: T | undefined) => Promise<readonly T[]>,
  max = EXPORT_LIMIT_ROWS,
  size = EXPORT_CHUNK_ROWS,
): AsyncGenerator<readonly T[]> {
  let offset = 0;
  let last: T | undefined;
  while (offset < max) {
    const rows = await fetch(offset, Math.min(size, max - offset), last);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    offset += rows.length;
    last = rows[rows.length - 1];
  }
}
