import { describe, expect, it } from 'vitest';
import { translateImportMessage } from './import-messages';

const translate = (key: string, params: Record<string, string>) => `[${key}${JSON.stringify(params)}]`;

describe('import messages', () => {
  it('translates the contract message after the column and keeps the column as written', () => {
    expect(translateImportMessage('sku: Invalid SKU.', translate)).toBe('sku: [invalidSku{}]');
    expect(translateImportMessage('attribute:Size: A value is required for Size.', translate)).toBe(
      'attribute:Size: [attributeRequired{"name":"Size"}]',
    );
    expect(translateImportMessage('The header lacks the column name.', translate)).toBe(
      '[importMissingColumn{"column":"name"}]',
    );
  });

  it('leaves other text as it came', () => {
    expect(translateImportMessage('sku: something new', translate)).toBe('sku: something new');
  });
});
