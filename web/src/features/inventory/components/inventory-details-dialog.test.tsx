import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Product } from '@tagtrack/contract';
import { categoryField } from '../../../test/catalogue-fixtures';
import { renderWithProviders } from '../../../test/render';
import { InventoryDetails } from './inventory-details-dialog';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    sku: '42',
    name: 'Cordless drill',
    product_code: 'CD-42',
    category: 10,
    category__name: 'Tools',
    category__parent: null,
    encoding: null,
    metadata: { description: 'A drill.', sensor_product: 'false' },
    attributes: [
      { datafield: 101, name: 'Colour', value: 'Blue' },
      { datafield: 103, name: 'Inspected', value: '1970-01-01T00:00:00' },
      { datafield: 104, name: 'Serviced', value: '2026-03-14T09:30:00' },
    ],
    category_fields: [
      categoryField({ id: 101, name: 'Colour' }),
      categoryField({ id: 102, name: 'Condition', asset_data: true }),
      categoryField({ id: 103, name: 'Inspected', type: 'DateTime' }),
      categoryField({ id: 104, name: 'Serviced', type: 'DateTime' }),
    ],
    item_count: 3,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('inventory details', () => {
  it('shows the product facts and its product-level attributes; a 1970 date is empty', () => {
    renderWithProviders(<InventoryDetails product={product()} />);
    expect(text('inventory-details-name')).toContain('Cordless drill');
    expect(text('inventory-details-category')).toContain('Tools');
    expect(text('inventory-details-code')).toContain('CD-42');
    expect(text('inventory-details-sku')).toContain('42');
    expect(text('inventory-details-attribute-101')).toContain('Blue');
    expect(text('inventory-details-attribute-104')).toContain('14/03/2026');
    expect(text('inventory-details-attribute-103')).not.toMatch(/1970|01\/01/);
    expect(screen.queryByTestId('inventory-details-attribute-102')).toBeNull();
  });

  it('reads Unassigned for no category, Unknown for the Unassigned SKU, and the SKU for a missing code', () => {
    const { unmount } = renderWithProviders(
      <InventoryDetails
        product={product({
          sku: 'Unassigned',
          name: 'Unassigned',
          product_code: 'Unassigned',
          category: null,
          category__name: null,
          attributes: [],
          category_fields: [],
        })}
      />,
    );
    expect(text('inventory-details-category')).toContain('Unassigned');
    expect(text('inventory-details-sku')).toContain('Unknown');
    expect(text('inventory-details-sku')).not.toContain('Unassigned');
    unmount();
    renderWithProviders(<InventoryDetails product={product({ product_code: null })} />);
    expect(text('inventory-details-code')).toContain('42');
  });

  it('cuts a description at 300 characters with Show More and Show Less', () => {
    const description = `${'a'.repeat(300)}TAIL`;
    renderWithProviders(<InventoryDetails product={product({ metadata: { description, sensor_product: 'false' } })} />);
    expect(text('inventory-details-description-text')).toBe(`${'a'.repeat(300)}…`);
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(text('inventory-details-description-text')).toBe(description);
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(text('inventory-details-description-text')).toBe(`${'a'.repeat(300)}…`);
  });

  it('shows a description of exactly 300 characters whole, without Show More', () => {
    const description = 'b'.repeat(300);
    renderWithProviders(<InventoryDetails product={product({ metadata: { description, sensor_product: 'false' } })} />);
    expect(text('inventory-details-description-text')).toBe(description);
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
  });
});
