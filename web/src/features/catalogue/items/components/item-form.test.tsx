import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  encodeEpc,
  type Category,
  type CategoryField,
  type Encoding,
  type Item,
  type Product,
} from '@tagtrack/contract';
import { useClientStore } from '../../../../lib/client-store';
import { category, categoryField, encoding } from '../../../../test/catalogue-fixtures';
import { loc } from '../../../../test/location-fixtures';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { noContent, stubServer, type StubCall, type StubServer } from '../../../../test/stub-server';
import { ItemForm } from './item-form';

const ENCODINGS: Encoding[] = [
  encoding(1, 'NID32', { default: true }),
  encoding(2, 'NID64'),
  encoding(3, 'SGTIN96', { disabled: true }),
  encoding(4, 'LOOKUP'),
];

/** An item-level field unless `overrides` say otherwise. */
function field(id: number, name: string, overrides: Partial<CategoryField> = {}): CategoryField {
  return categoryField({ id, name, asset_data: true, ...overrides });
}

const TOOL_FIELDS = [
  field(11, 'Serial label', { required: true }),
  field(12, 'Condition', { type: 'DropdownList', options: ['new', 'used'] }),
  field(13, 'Owner', { fixed_data: true, fixed_value: 'Facilities' }),
  field(14, 'Voltage', { asset_data: false, type: 'Number' }),
];

const CATEGORIES: Category[] = [
  category({ id: 5, name: 'Tools', fields: TOOL_FIELDS, product_count: 1 }),
  category({ id: 6, name: 'Samples', encoding: 4, product_count: 1 }),
];

function product(sku: string, overrides: Partial<Product> = {}): Product {
  return {
    id: Number(sku.replace(/\D/g, '')) || 99,
    sku,
    name: `Product ${sku}`,
    product_code: null,
    category: null,
    category__name: null,
    category__parent: null,
    encoding: null,
    metadata: {},
    attributes: [],
    category_fields: [],
    item_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const DRILL = product('4711', {
  name: 'Drill',
  category: 5,
  category__name: 'Tools',
  category_fields: TOOL_FIELDS,
  attributes: [{ datafield: 14, name: 'Voltage', value: '18' }],
});
const SAMPLE = product('ABC-1', { name: 'Sample box', category: 6, category__name: 'Samples' });
const UNASSIGNED = product('Unassigned', { name: 'Unassigned', product_code: 'Unassigned' });

const HALL = loc('Hall 1');
const TREE = [loc('Main Warehouse', {}, [HALL]), loc('Unassigned', { special: 'unassigned' })];

const DRILL_EPC = encodeEpc('NID32', '4711', '1');
const STRANGE_EPC = 'E2801160600002084A5E1F6C';

function item(overrides: Partial<Item> = {}): Item {
  return {
    id: 42,
    code: DRILL_EPC,
    metadata: { name: 'Drill #1' },
    product__sku: '4711',
    product__name: 'Drill',
    product__product_code: null,
    category: 5,
    category__name: 'Tools',
    category_fields: TOOL_FIELDS,
    attributes: [
      { datafield: 11, name: 'Serial label', value: 'SN-1' },
      { datafield: 12, name: 'Condition', value: 'used' },
      { datafield: 13, name: 'Owner', value: 'Facilities' },
    ],
    status: 'in',
    location: TREE[0]!.children[0]!.uuid,
    location_name: 'Hall 1',
    removed: false,
    latest_status_update: '2026-01-01T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A fake API: catalogue reads answer from the fixtures, creating, saving and deleting an item go to `write`. */
function stubItemServer(write: (call: StubCall) => Response = () => errorResponse('APIException', 'serverError')) {
  return stubServer({
    encodingList: { encodings: ENCODINGS },
    categoryList: { count: CATEGORIES.length, results: CATEGORIES },
    locationList: TREE,
    productList: ({ query }) => ({
      count: 2,
      results: [DRILL, SAMPLE].filter((p) => String(p.category ?? 0) === query.get('category')),
    }),
    productGet: ({ params }) => [DRILL, SAMPLE, UNASSIGNED].find((p) => p.sku === params.sku),
    itemCreate: write,
    itemUpdate: write,
    itemDelete: write,
  });
}

/** What was sent besides reads: method, URL (path and query) and body. */
const writes = (server: StubServer) =>
  server.calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

async function typeEpc(epc: string) {
  fireEvent.change(screen.getByTestId('item-epc'), { target: { value: epc } });
}

async function choose(testId: string, option: string) {
  const input = screen.getByTestId(testId);
  // A select's visible button sits next to its hidden input.
  await userEvent.click(within(input.parentElement!).getByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('item form', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('validates on submit: the EPC is required and must be hexadecimal', async () => {
    const server = stubItemServer();
    renderWithProviders(<ItemForm mode={{ kind: 'add' }} onCancel={vi.fn()} />);
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('EPC is required')).toBeTruthy();
    await typeEpc('XYZ');
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText(/An EPC is hexadecimal/)).toBeTruthy();
    expect(writes(server)).toEqual([]);
  });

  it('decodes the EPC as it is typed and preselects its product; the selectors stay read-only', async () => {
    const server = stubItemServer(({ body }) => jsonResponse(item({ id: 43, ...(body as object) }), 201));
    renderWithProviders(<ItemForm mode={{ kind: 'add' }} onCancel={vi.fn()} />);
    await typeEpc(DRILL_EPC.toLowerCase());
    await waitFor(() => expect((screen.getByTestId('item-product') as HTMLInputElement).value).toBe('Drill (4711)'));
    expect((screen.getByTestId('item-category') as HTMLInputElement).value).toBe('Tools');
    expect((screen.getByTestId('item-product') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('item-epc-helper').textContent).toBe(
      'SKU 4711 (NID32): the item belongs to this product.',
    );
    // Item-level attributes of the category; the fixed one shows its value, disabled.
    expect((screen.getByTestId('item-attribute-f13') as HTMLInputElement).value).toBe('Facilities');
    expect((screen.getByTestId('item-attribute-f13') as HTMLInputElement).disabled).toBe(true);
    // The product's own attributes, read-only.
    expect(within(screen.getByTestId('item-product-attributes')).getByText('18')).toBeTruthy();

    // A required item attribute is checked on submit.
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('A value is required for Serial label.')).toBeTruthy();
    expect(writes(server)).toEqual([]);

    fireEvent.change(screen.getByTestId('item-attribute-f11'), { target: { value: 'SN-9' } });
    fireEvent.change(screen.getByTestId('item-name'), { target: { value: ' Drill #9 ' } });
    await userEvent.click(screen.getByRole('treeitem', { name: 'Hall 1' }));
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('Item created')).toBeTruthy();
    expect(writes(server)).toEqual([
      {
        method: 'POST',
        url: '/tag-data/tag/',
        body: {
          code: DRILL_EPC,
          metadata: { name: 'Drill #9' },
          location: HALL.uuid,
          status: 'in',
          attributes: [
            { datafield: 11, name: 'Serial label', value: 'SN-9' },
            { datafield: 12, name: 'Condition', value: '' },
            { datafield: 13, name: 'Owner', value: 'Facilities' },
          ],
        },
      },
    ]);
    // Emptied for the next item.
    expect((screen.getByTestId('item-epc') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('item-name') as HTMLInputElement).value).toBe('');
  });

  it('an EPC that maps to no product: Unassigned, or a lookup product chosen in the selectors', async () => {
    const server = stubItemServer(({ body }) => jsonResponse(item({ id: 44, ...(body as object) }), 201));
    renderWithProviders(<ItemForm mode={{ kind: 'add' }} onCancel={vi.fn()} />);
    await typeEpc(STRANGE_EPC);
    await waitFor(() =>
      expect(screen.getByTestId('item-epc-helper').textContent).toBe(
        'The EPC maps to no product. The item will be Unassigned unless you choose a product whose encoding method is lookup.',
      ),
    );
    // Lookup is enabled: the selectors choose. A category without a product is refused on submit.
    await choose('item-category', 'Samples');
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('Product is required')).toBeTruthy();
    expect(writes(server)).toEqual([]);
    // Only lookup products are offered.
    await choose('item-product', 'Sample box (ABC-1)');
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('Item created')).toBeTruthy();
    expect(writes(server)[0]?.body).toMatchObject({ code: STRANGE_EPC, product__sku: 'ABC-1', attributes: [] });
  });

  it('puts server field errors on the fields', async () => {
    stubItemServer(() => errorResponse('ValidationError', { code: ['epcTaken'] }));
    renderWithProviders(<ItemForm mode={{ kind: 'add' }} onCancel={vi.fn()} />);
    await typeEpc(STRANGE_EPC);
    await waitFor(() => expect(screen.getByTestId('item-epc-helper').textContent).toContain('maps to no product'));
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByTestId('item-epc-helper')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('item-epc-helper').textContent).toBe('An item with this EPC already exists.'),
    );
    // The snackbar names the failure; the reason is at the field.
    expect(await screen.findByText(/^Failed to create an item\.\s+Request validation failed\.$/)).toBeTruthy();
  });

  it('edits an item of an encoded product: selectors and EPC disabled, the banner, Save returns', async () => {
    const server = stubItemServer(({ body }) => jsonResponse(item({ ...(body as object) })));
    const onFinished = vi.fn();
    renderWithProviders(
      <ItemForm mode={{ kind: 'edit', item: item(), product: DRILL }} onFinished={onFinished} onCancel={vi.fn()} />,
    );
    expect(screen.getByTestId('item-banner').textContent).toBe(
      'Changing the category or product of an existing item is not allowed here. It requires external encoding tools.',
    );
    expect((screen.getByTestId('item-epc') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect((screen.getByTestId('item-product') as HTMLInputElement).value).toBe('Drill (4711)'));
    expect((screen.getByTestId('item-product') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('item-attribute-f11') as HTMLInputElement).value).toBe('SN-1');
    fireEvent.change(screen.getByTestId('item-name'), { target: { value: 'Drill #2' } });
    await userEvent.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(await screen.findByText('Item updated.')).toBeTruthy();
    expect(writes(server)).toEqual([
      {
        method: 'PATCH',
        url: '/tag-data/tag/42/',
        body: {
          metadata: { name: 'Drill #2' },
          attributes: [
            { datafield: 11, name: 'Serial label', value: 'SN-1' },
            { datafield: 12, name: 'Condition', value: 'used' },
            { datafield: 13, name: 'Owner', value: 'Facilities' },
          ],
        },
      },
    ]);
  });

  it('date-time and number attributes: entered as inputs, sent with seconds or as placeholders', async () => {
    const fields = [
      field(21, 'Bought', { type: 'DateTime' }),
      field(22, 'Weight', { type: 'Number' }),
      field(23, 'Checked', { type: 'DateTime' }),
    ];
    const scale = product('88', { name: 'Scale', category: 5, category__name: 'Tools', category_fields: fields });
    const scaleItem = item({
      product__sku: '88',
      product__name: 'Scale',
      category_fields: fields,
      attributes: [
        { datafield: 21, name: 'Bought', value: '1970-01-01T00:00:00' },
        { datafield: 22, name: 'Weight', value: '0.0000000001' },
        { datafield: 23, name: 'Checked', value: '2026-02-03T04:05:06' },
      ],
    });
    const server = stubItemServer(({ body }) => jsonResponse({ ...scaleItem, ...(body as object) }));
    const onFinished = vi.fn();
    renderWithProviders(
      <ItemForm mode={{ kind: 'edit', item: scaleItem, product: scale }} onFinished={onFinished} onCancel={vi.fn()} />,
    );
    // Placeholders show as empty inputs.
    expect((screen.getByTestId('item-attribute-f21') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('item-attribute-f22') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('item-attribute-f23') as HTMLInputElement).value).toBe('2026-02-03T04:05');
    fireEvent.change(screen.getByTestId('item-attribute-f21'), { target: { value: '2025-12-24T18:30' } });
    fireEvent.change(screen.getByTestId('item-attribute-f23'), { target: { value: '' } });
    await userEvent.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect((writes(server)[0]?.body as { attributes: unknown }).attributes).toEqual([
      { datafield: 21, name: 'Bought', value: '2025-12-24T18:30:00' },
      { datafield: 22, name: 'Weight', value: '0.0000000001' },
      { datafield: 23, name: 'Checked', value: '1970-01-01T00:00:00' },
    ]);
  });

  it('keeps the item’s attribute values when saved before its product has loaded', async () => {
    const server = stubItemServer(({ body }) => jsonResponse(item({ ...(body as object) })));
    const onFinished = vi.fn();
    renderWithProviders(
      <ItemForm mode={{ kind: 'edit', item: item(), product: undefined }} onFinished={onFinished} onCancel={vi.fn()} />,
    );
    expect((screen.getByTestId('item-attribute-f11') as HTMLInputElement).value).toBe('SN-1');
    await userEvent.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect((writes(server)[0]?.body as { attributes: unknown }).attributes).toEqual([
      { datafield: 11, name: 'Serial label', value: 'SN-1' },
      { datafield: 12, name: 'Condition', value: 'used' },
      { datafield: 13, name: 'Owner', value: 'Facilities' },
    ]);
  });

  it('edits a lookup item: the selectors are enabled and required', async () => {
    const lookupItem = item({
      code: STRANGE_EPC,
      product__sku: 'ABC-1',
      product__name: 'Sample box',
      category: 6,
      category__name: 'Samples',
      category_fields: [],
      attributes: [],
    });
    const server = stubItemServer();
    renderWithProviders(
      <ItemForm mode={{ kind: 'edit', item: lookupItem, product: SAMPLE }} onFinished={vi.fn()} onCancel={vi.fn()} />,
    );
    await waitFor(() => expect((screen.getByTestId('item-category') as HTMLInputElement).disabled).toBe(false));
    await choose('item-category', 'Tools');
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('Product is required')).toBeTruthy();
    await choose('item-category', 'Choose a category');
    await userEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('Category is required')).toBeTruthy();
    expect(writes(server)).toEqual([]);
  });

  it('an Unassigned item may get a lookup product, or stay Unassigned', async () => {
    const unassignedItem = item({
      code: STRANGE_EPC,
      product__sku: 'Unassigned',
      product__name: 'Unassigned',
      product__product_code: 'Unassigned',
      category: null,
      category__name: null,
      category_fields: [],
      attributes: [],
    });
    const server = stubItemServer(({ body }) => jsonResponse({ ...unassignedItem, ...(body as object) }));
    const onFinished = vi.fn();
    renderWithProviders(
      <ItemForm
        mode={{ kind: 'edit', item: unassignedItem, product: UNASSIGNED }}
        onFinished={onFinished}
        onCancel={vi.fn()}
      />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('item-banner').textContent).toBe(
        'This item is Unassigned: its EPC maps to no product. You can give it a product whose encoding method is lookup.',
      ),
    );
    await choose('item-category', 'Samples');
    await choose('item-product', 'Sample box (ABC-1)');
    await userEvent.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(writes(server)[0]?.body).toEqual({ metadata: { name: 'Drill #1' }, attributes: [], product__sku: 'ABC-1' });
  });

  it('deletes after confirmation, with the spec messages', async () => {
    let fail = true;
    const server = stubItemServer(() => (fail ? errorResponse('APIException', 'serverError') : noContent()));
    const onFinished = vi.fn();
    renderWithProviders(
      <ItemForm mode={{ kind: 'edit', item: item(), product: DRILL }} onFinished={onFinished} onCancel={vi.fn()} />,
    );
    await userEvent.click(screen.getByTestId('item-delete'));
    await userEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText(/Failed to delete item/)).toBeTruthy();
    expect(onFinished).not.toHaveBeenCalled();
    fail = false;
    await userEvent.click(screen.getByTestId('item-delete'));
    await userEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('An item succesfully deleted.')).toBeTruthy();
    expect(onFinished).toHaveBeenCalled();
    expect(writes(server).map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /tag-data/tag/42/',
      'DELETE /tag-data/tag/42/',
    ]);
  });
});
