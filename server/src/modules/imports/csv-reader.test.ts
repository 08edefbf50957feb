import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ImportFileError, readCsv, readHeader, sniffDelimiter } from './csv-reader.js';

async function rows(chunks: (string | Buffer)[]) {
  const out: { line: number; cells: string[] }[] = [];
  for await (const row of readCsv(Readable.from(chunks.map((c) => (Buffer.isBuffer(c) ? c : Buffer.from(c))))))
    out.push(row);
  return out;
}

describe('csv reader', () => {
  it('reads the delimiter of the header line, outside quotes', () => {
    expect(sniffDelimiter('sku,name,description')).toBe(',');
    expect(sniffDelimiter('sku;name;"a, b, c"')).toBe(';');
    expect(sniffDelimiter('sku\tname')).toBe('\t');
    expect(sniffDelimiter('sku')).toBe(',');
  });

  it('numbers rows by the line they start on, across chunks, quoted line breaks and empty lines', async () => {
    const text = 'a,b\r\n1,"x\r\ny"\r\n\r\n2,3\r\n"4\n5\n6",7\n8,9\n';
    const split = [text.slice(0, 5), text.slice(5, 17), text.slice(17)];
    expect(await rows(split)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x\r\ny'] },
      { line: 5, cells: ['2', '3'] },
      { line: 6, cells: ['4\n5\n6', '7'] },
      { line: 9, cells: ['8', '9'] },
    ]);
  });

  it('refuses binary content and broken quotes as not CSV', async () => {
    await expect(rows([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])])).rejects.toEqual(
      new ImportFileError('importNotCsv'),
    );
    await expect(rows(['a,b\n', '1,"2\n'])).rejects.toEqual(new ImportFileError('importNotCsv'));
  });

  it('checks the header against the template columns', () => {
    const columns = ['sku', 'name', 'category'];
    const header = readHeader([' SKU ', 'Name', 'attribute:Colour', ''], columns, ['sku', 'name'], 'attribute:');
    expect([...header.base]).toEqual([
      ['sku', 0],
      ['name', 1],
    ]);
    expect([...header.attributes]).toEqual([['Colour', 2]]);
    const fail = (cells: string[]) => {
      try {
        readHeader(cells, columns, ['sku', 'name'], 'attribute:');
        return null;
      } catch (error) {
        return (error as ImportFileError).key;
      }
    };
    expect(fail(['sku'])).toBe('importMissingColumn|column=name');
    expect(fail(['sku', 'name', 'colour'])).toBe('importNotCsv');
    expect(fail(['sku', 'name', 'SKU'])).toBe('importNotCsv');
    expect(fail(['sku', 'name', 'attribute:'])).toBe('importNotCsv');
    expect(fail(['foo', 'bar'])).toBe('importNotCsv');
  });
});
