import { describe, expect, it } from 'vitest';
import { csvLine, inChunks, safeCell } from './csv-export.js';

describe('safeCell', () => {
  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx']) expect(safeCell(text)).toBe(`'${text}`);
  });
  it('leaves ordinary text and numbers alone', () => {
    expect(safeCell('Shelf A1')).toBe('Shelf A1');
    expect(safeCell(-2)).toBe(-2);
    expect(safeCell(null)).toBe('');
    expect(safeCell({ a: 1 })).toBe('{"a":1}');
  });
});

describe('csvLine', () => {
  it('quotes only cells with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvLine(['Shelf A1', 'a,b', 'say "hi"', 'two\nlines', 'cr\rx', '', null, 42, -1.5])).toBe(
      'Shelf A1,"a,b","say ""hi""","two\nlines","cr\rx",,,42,-1.5\n',
    );
  });
  it('defuses formulas before quoting, and writes dates and objects as text', () => {
    expect(csvLine(['=HYPERLINK("x")', '-2', new Date('2026-11-23T10:00:00Z'), { a: 1 }])).toBe(
      `"'=HYPERLINK(""x"")",'-2,2026-11-23T10:00:00.000Z,"{""a"":1}"\n`,
    );
  });
});

describe('inChunks', () => {
  it('asks for the next chunk, after the last row, before the caller has taken this one', async () => {
    const all = Array.from({ length: 25 }, (_, i) => i);
    const asked: { offset: number; last: number | undefined }[] = [];
    const chunks = inChunks<number>(
      (offset, limit, last) => {
        asked.push({ offset, last });
        return Promise.resolve(all.slice(offset, offset + limit));
      },
      100,
      10,
    );
    const first = await chunks.next();
    expect(first.value).toEqual(all.slice(0, 10));
    expect(asked).toEqual([
      { offset: 0, last: undefined },
      { offset: 10, last: 9 },
    ]);
    const rest: number[] = [];
    for await (const rows of chunks) rest.push(...rows);
    expect(rest).toEqual(all.slice(10));
    expect(asked.map((a) => a.offset)).toEqual([0, 10, 20]);
  });

  it('leaves no unhandled failure when the caller stops before the chunk asked for ahead', async () => {
    const chunks = inChunks<number>(
      (offset) => (offset === 0 ? Promise.resolve([1, 2]) : Promise.reject(new Error('gone'))),
      100,
      2,
    );
    expect((await chunks.next()).value).toEqual([1, 2]);
    await chunks.return(undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('pages until a short chunk and stops at the cap', async () => {
    const all = Array.from({ length: 25 }, (_, i) => i);
    const pages: number[][] = [];
    for await (const rows of inChunks((offset, limit) => Promise.resolve(all.slice(offset, offset + limit)), 22, 10)) {
      pages.push([...rows]);
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 2]);
    expect(pages.flat()).toEqual(all.slice(0, 22));
  });
});
