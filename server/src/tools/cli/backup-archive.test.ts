import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, HEADER, lineBatches, MANIFEST, readArchive } from './backup-archive.js';

/**
 * An archive's entries are read as streams: a restore holds a batch of rows or a part of a file
 * at a time, never a whole entry (a 300 MB entry would otherwise take over a GB of memory).
 */

const limits = { rows: 50, bytes: 1_048_576, line: 1024 };

/** A stream of `chunks` chunks of `lines` lines each, counting how many chunks were taken from it. */
function counted(chunks: number, lines: number) {
  const source = { pulled: 0 };
  const line = `{"name":"${'x'.repeat(80)}"}\n`;
  return Object.assign(source, {
    async *stream() {
      for (let i = 0; i < chunks; i++) {
        source.pulled += 1;
        yield Buffer.from(line.repeat(lines));
      }
    },
  });
}

describe('lineBatches', () => {
  it('yields the first batch after the chunks it needs, long before the stream ends, and every line once', async () => {
    const source = counted(1000, 10);
    const batches = lineBatches(source.stream(), 'db/items/000001.jsonl', limits);
    const first = await batches.next();
    expect(first.value).toHaveLength(50);
    expect(source.pulled).toBeLessThanOrEqual(6);
    let total = first.value!.length;
    for await (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(50);
      total += batch.length;
    }
    expect(total).toBe(10_000);
    expect(source.pulled).toBe(1000);
  });

  it('keeps lines and characters split across chunks whole', async () => {
    const bytes = Buffer.from('{"name":"Größe"}\n{"name":"Ω"}\n');
    const cuts = [3, 13, 14, 20, 27];
    async function* pieces() {
      let start = 0;
      for (const end of [...cuts, bytes.length]) {
        yield bytes.subarray(start, end);
        start = end;
      }
    }
    const lines: string[] = [];
    for await (const batch of lineBatches(pieces(), 'db/items/000001.jsonl', limits)) lines.push(...batch);
    expect(lines).toEqual(['{"name":"Größe"}', '{"name":"Ω"}']);
  });

  it('refuses a line longer than its limit without reading on', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled += 1;
        yield Buffer.alloc(256, 'x');
      }
    }
    await expect(async () => {
      for await (const batch of lineBatches(endless(), 'db/items/000001.jsonl', limits)) void batch;
    }).rejects.toThrow(/db\/items\/000001\.jsonl holds a row longer than/);
    expect(pulled).toBeLessThanOrEqual(5);
  });

  it('refuses an entry cut short and an empty line', async () => {
    const read = async (text: string) => {
      const lines: string[] = [];
      for await (const batch of lineBatches([Buffer.from(text)], 'db/items/000001.jsonl', limits)) lines.push(...batch);
      return lines;
    };
    await expect(read('{"a":1}\n{"a":')).rejects.toThrow(/cut short/);
    await expect(read('{"a":1}\n\n')).rejects.toThrow(/empty line/);
    await expect(read('')).resolves.toEqual([]);
  });
});

describe('readArchive', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-archive-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('hands a file to its visitor in parts and rows in batches, not whole entries', async () => {
    const file = path.join(work, 'streamed.tar.gz');
    const header = {
      format: BACKUP_FORMAT,
      format_version: 1,
      created_at: new Date().toISOString(),
      tagtrack_version: 'test',
      database: 'embedded',
      migrations: [],
      tables: [{ name: 'items', columns: ['id'] }],
      sequences: [],
      partitions: [],
    };
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(file));
    pack.entry({ name: HEADER }, JSON.stringify(header));
    pack.entry({ name: 'db/items/000001.jsonl' }, Array.from({ length: 5000 }, (_, id) => `{"id":${id}}\n`).join(''));
    pack.entry({ name: 'files/1/picture' }, Buffer.alloc(8 * 1_048_576));
    pack.entry({ name: MANIFEST }, JSON.stringify({ entries: [], rows: {}, files: 0 }));
    pack.finalize();
    await written;

    const batches: number[] = [];
    const parts: number[] = [];
    const { seen } = await readArchive(file, {
      header: () => undefined,
      rows: (_table, lines) => {
        batches.push(lines.length);
      },
      file: async (_relative, data) => {
        for await (const part of data) parts.push(part.length);
      },
    });
    expect(batches).toEqual([2000, 2000, 1000]);
    expect(parts.length).toBeGreaterThan(8);
    expect(Math.max(...parts)).toBeLessThanOrEqual(1_048_576);
    expect(parts.reduce((sum, n) => sum + n, 0)).toBe(8 * 1_048_576);
    expect(seen.find((entry) => entry.name === 'files/1/picture')?.size).toBe(8 * 1_048_576);
  });
});
