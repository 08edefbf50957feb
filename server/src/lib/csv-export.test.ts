import { describe, expect, it } from 'vitest';
import { inChunks, safeCell } from './csv-export.js';

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

describe('inChunks', () => {
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
