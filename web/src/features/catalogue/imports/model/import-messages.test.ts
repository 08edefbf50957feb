import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { commitRowErrors, fileProblem, importRowMessage } from './import-messages';

const translate = (key: string, _fallback: string, params?: Record<string, string>) =>
  `[${key}${JSON.stringify(params ?? {})}]`;
const row = (over: object) => ({ row: 2, column: 'sku', message: 'sku: Invalid SKU.', code: 'invalidSku', ...over });

const refused = (detail: unknown, codes: unknown) =>
  new ApiError({
    status: 400,
    url: '/master-data/product/import/',
    method: 'POST',
    payload: { type: 'ValidationError', detail, codes, id: 'x', request: '', time: '', 'user-agent': '' } as never,
    responseText: '',
  });

describe('import messages', () => {
  it('translates the code after the column and keeps the column as written', () => {
    expect(importRowMessage(row({}), translate)).toBe('sku: [validation:invalidSku{}]');
    expect(
      importRowMessage(
        row({ column: 'attribute:Size', code: 'attributeRequired', params: { name: 'Size' } }),
        translate,
      ),
    ).toBe('attribute:Size: [validation:attributeRequired{"name":"Size"}]');
    expect(importRowMessage(row({ column: null, code: 'importEmpty' }), translate)).toBe('[validation:importEmpty{}]');
    expect(importRowMessage(row({ code: 'skuAboveMaximum', params: { limit: '15' } }))).toBe(
      'sku: The maximum SKU value for the selected encoding method is 15.',
    );
  });

  it('reads the row problems of a refused commit from its codes, and a problem of the file', () => {
    const error = refused(
      ['The file has errors: nothing was imported.', 'Row 3: sku: Invalid SKU.', 'Row 4: Enter a valid value.'],
      [
        { code: 'importHasErrors' },
        { code: 'invalidSku', params: { row: '3', column: 'sku' } },
        { code: 'invalidValue', params: { row: '4' } },
      ],
    );
    expect(commitRowErrors(error)).toEqual([
      { row: 3, column: 'sku', message: 'sku: Invalid SKU.', code: 'invalidSku', params: {} },
      { row: 4, column: null, message: 'Enter a valid value.', code: 'invalidValue', params: {} },
    ]);
    const file = refused(
      { file: ['The header lacks the column name.'] },
      {
        file: [{ code: 'importMissingColumn', params: { column: 'name' } }],
      },
    );
    expect(fileProblem(file)).toBe('importMissingColumn|column=name');
    expect(commitRowErrors(file)).toBeNull();
  });
});
