import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '@tagtrack/contract';
import { moveColumn, nextOrdering, orderingChoices, removeColumn, withHeaders } from './report-columns';

const col = (headerKey: string): ReportColumn => ({ header: headerKey, headerKey });
const columns = ['code', 'status', 'created', 'product__sku'].map(col);
const keys = (list: readonly ReportColumn[]) => list.map((c) => c.headerKey);

describe('moveColumn (the drag and drop of the columns)', () => {
  it('moves a column onto another one’s place', () => {
    expect(keys(moveColumn(columns, 'product__sku', 'status'))).toEqual(['code', 'product__sku', 'status', 'created']);
    expect(keys(moveColumn(columns, 'status', 'product__sku'))).toEqual(['code', 'created', 'product__sku', 'status']);
  });

  it('keeps code first: it does not move and nothing moves before it', () => {
    expect(keys(moveColumn(columns, 'code', 'created'))).toEqual(keys(columns));
    expect(keys(moveColumn(columns, 'created', 'code'))).toEqual(keys(columns));
  });

  it('leaves the columns as they are for an unknown key or a drop in place', () => {
    expect(keys(moveColumn(columns, 'nope', 'status'))).toEqual(keys(columns));
    expect(keys(moveColumn(columns, 'status', 'status'))).toEqual(keys(columns));
  });
});

describe('removeColumn', () => {
  it('does not remove code', () => {
    expect(keys(removeColumn(columns, [], 'code').fields)).toEqual(keys(columns));
  });

  it('removes a column and the ordering on it', () => {
    const next = removeColumn(
      columns,
      [
        { field: 'code', value: 'ascending' },
        { field: 'status', value: 'descending' },
      ],
      'status',
    );
    expect(keys(next.fields)).toEqual(['code', 'created', 'product__sku']);
    expect(next.ordering).toEqual([{ field: 'code', value: 'ascending' }]);
  });
});

describe('ordering', () => {
  const ordering = [
    { field: 'code', value: 'ascending' as const },
    { field: 'created', value: 'descending' as const },
  ];

  it('offers a row only the columns no other row uses', () => {
    expect(keys(orderingChoices(columns, ordering, 1))).toEqual(['status', 'created', 'product__sku']);
    expect(keys(orderingChoices(columns, ordering))).toEqual(['status', 'product__sku']);
  });

  it('adds on the first unused column, and nothing when every column is used', () => {
    expect(nextOrdering(columns, ordering)).toEqual({ field: 'status', value: 'ascending' });
    const all = keys(columns).map((field) => ({ field, value: 'ascending' as const }));
    expect(nextOrdering(columns, all)).toBeNull();
  });
});

describe('withHeaders', () => {
  it('titles standard columns in the console’s language and keeps an attribute’s saved title', () => {
    const header = (key: string) => ({ code: 'EPC-Code', location__name: 'Standort' })[key] ?? key;
    expect(
      withHeaders(
        [
          { header: 'EPC', headerKey: 'code' },
          { header: 'Location', headerKey: 'location__name' },
          { header: 'Colour', headerKey: 'attribute_7' },
        ],
        header,
      ),
    ).toEqual([
      { header: 'EPC-Code', headerKey: 'code' },
      { header: 'Standort', headerKey: 'location__name' },
      { header: 'Colour', headerKey: 'attribute_7' },
    ]);
  });
});
