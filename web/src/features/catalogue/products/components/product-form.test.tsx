import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../../lib/client-store';
import { AddProductPage, InventoryAddProductPage } from '../pages/add-product-page';
import { EditProductPage } from '../pages/edit-product-page';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { noContent, type StubHandlers } from '../../../../test/stub-server';
import { testProduct, unassignedProduct } from '../test/product-fixtures';
import { renderProductScreen, stubProductServer } from '../test/product-test-server';

const ADD = '/admin-setting/product-management/product/add-product';
const EDIT = '/admin-setting/product-management/product/modify-product/:productSku';
const LIST = '/admin-setting/product-management/product';

/** What the server answers when it fails (500). */
const serverError = () => errorResponse('APIException', 'serverError');

async function renderAdd(handlers: StubHandlers = {}) {
  const server = stubProductServer(handlers);
  renderProductScreen(<AddProductPage />, { path: ADD });
  await screen.findByTestId('product-form');
  return server;
}

async function renderEdit(handlers: StubHandlers = {}) {
  const server = stubProductServer(handlers);
  renderProductScreen(<EditProductPage />, {
    path: '/admin-setting/product-management/product/modify-product/42',
    route: EDIT,
  });
  await screen.findByTestId('product-form');
  return server;
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function fillValidProduct() {
  await choose('Category', 'Tools');
  await userEvent.type(input('product-name'), 'Cordless drill');
  await userEvent.type(input('product-sku'), '77');
  await choose('Colour', 'Red');
}

describe('Add Product (01 §2.9)', { timeout: 30_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('validates on submit with the spec’s messages and sends nothing', async () => {
    const server = await renderAdd();
    expect(screen.queryByText('Product name is required')).toBeNull();
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Category name is required')).toBeTruthy();
    expect(screen.getByText('Product name is required')).toBeTruthy();
    expect(screen.getByText('Sku is required')).toBeTruthy();
    expect(server.callsTo('productCreate')).toHaveLength(0);
    // A message goes once its field is edited; the others stay until the next submit.
    await userEvent.type(input('product-name'), 'D');
    expect(screen.queryByText('Product name is required')).toBeNull();
    expect(screen.getByText('Sku is required')).toBeTruthy();
  });

  it('a category brings its product attributes and its encoding; picking an encoding re-checks the SKU', async () => {
    await renderAdd();
    expect(screen.getByRole('combobox', { name: /^Encoding method/ }).textContent).toBe('NID64');
    await userEvent.type(input('product-sku'), '1048576');
    await choose('Category', 'Tools');
    // SGTIN96 with a 7-digit prefix: the picked encoding re-checks the SKU at once.
    expect(screen.getByRole('combobox', { name: /^Encoding method/ }).textContent).toBe('SGTIN96 (0614141)');
    expect(await screen.findByText('The maximum SKU value for the selected encoding method is 1048575.')).toBeTruthy();
    await choose('Encoding method', 'NID32');
    await waitFor(() =>
      expect(screen.queryByText('The maximum SKU value for the selected encoding method is 1048575.')).toBeNull(),
    );

    const attributes = within(screen.getByTestId('product-attributes'));
    expect(attributes.getByRole('combobox', { name: /^Colour/ })).toBeTruthy();
    expect(attributes.getByLabelText('Weight')).toBeTruthy();
    expect(attributes.getByLabelText('Inspected').getAttribute('type')).toBe('datetime-local');
    expect((attributes.getByLabelText('Owner') as HTMLInputElement).value).toBe('Facilities');
    expect((attributes.getByLabelText('Owner') as HTMLInputElement).disabled).toBe(true);
    expect(attributes.queryByLabelText('Serial note')).toBeNull();
    // The required one carries an asterisk.
    expect(attributes.getByText('Colour').parentElement?.textContent).toContain('*');

    await choose('Category', 'None');
    expect(screen.getByTestId('product-no-attributes').textContent).toBe(
      'A product without a category has no attributes.',
    );
  });

  it('Generate fills the SKU: Sku generated, or Unable to generate SKU', async () => {
    const server = await renderAdd({ generateSku: { sku: '5000001' } });
    await choose('Category', 'Tools');
    await userEvent.click(screen.getByTestId('product-generate-sku'));
    expect(await screen.findByText('Sku generated')).toBeTruthy();
    expect(input('product-sku').value).toBe('5000001');
    expect(server.callsTo('generateSku')[0]?.body).toEqual({ encoding: 3, category: 10 });
  });

  it('a refused Generate says Unable to generate SKU', async () => {
    await renderAdd({ generateSku: () => errorResponse('ValidationError', ['skuSpaceExhausted']) });
    await userEvent.click(screen.getByTestId('product-generate-sku'));
    expect(await screen.findByText(/Unable to generate SKU/)).toBeTruthy();
  });

  it('a required attribute needs a value: Product field name is required', async () => {
    await renderAdd();
    await choose('Category', 'Tools');
    await userEvent.type(input('product-name'), 'Drill');
    await userEvent.type(input('product-sku'), '77');
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Product field name is required')).toBeTruthy();
  });

  it('saves: Product created, back to the list', async () => {
    const server = await renderAdd({ productCreate: () => jsonResponse(testProduct({ sku: '77' }), 201) });
    await fillValidProduct();
    await userEvent.type(input('product-code'), 'CD-77');
    await userEvent.type(screen.getByTestId('product-attribute-103'), '2026-03-14T09:30');
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Product created')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe(LIST);
    expect(server.callsTo('productCreate')[0]?.body).toEqual({
      sku: '77',
      name: 'Cordless drill',
      category: 10,
      product_code: 'CD-77',
      encoding: 3,
      metadata: { description: '', sensor_product: 'false' },
      attributes: [
        { datafield: 101, name: 'Colour', value: 'Red' },
        { datafield: 102, name: 'Weight', value: '0.0000000001' },
        { datafield: 103, name: 'Inspected', value: '2026-03-14T09:30:00' },
        { datafield: 104, name: 'Owner', value: 'Facilities' },
      ],
    });
  });

  it('the server’s SKU and product code messages go to their fields', async () => {
    await renderAdd({
      productCreate: () => errorResponse('ValidationError', { sku: ['skuTaken'], product_code: ['productCodeTaken'] }),
    });
    await fillValidProduct();
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('A product with this SKU already exists.')).toBeTruthy();
    expect(screen.getByText('A product with this product code already exists.')).toBeTruthy();
    expect(screen.queryByText(/Failed to create a product\./)).toBeNull();
  });

  it('a refusal without field messages shows its first entry after Failed to create a product.', async () => {
    await renderAdd({ productCreate: () => errorResponse('ValidationError', ['unknownCategory', 'second']) });
    await fillValidProduct();
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText(/Failed to create a product\. Choose an existing category/)).toBeTruthy();
  });

  it('any other failure says Failed to create a product.', async () => {
    await renderAdd({ productCreate: serverError });
    await fillValidProduct();
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText(/Failed to create a product\./)).toBeTruthy();
  });

  it('Cancel with unsaved edits asks first; without edits it leaves at once', async () => {
    await renderAdd();
    await userEvent.type(input('product-name'), 'Half');
    await userEvent.click(screen.getByTestId('product-cancel'));
    const dialog = await screen.findByTestId('product-leave-dialog');
    expect(within(dialog).getByText('Are you sure to cancel')).toBeTruthy();
    expect(
      within(dialog).getByText(
        "You haven't completed to create a product yet. Do you want to leave without finishing?",
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByTestId('product-leave-dialog')).toBeNull());
    await userEvent.clear(input('product-name'));
    await userEvent.click(screen.getByTestId('product-cancel'));
    expect((await screen.findByTestId('where')).textContent).toBe(LIST);
  });

  it('shows the sensor-product toggle only with the sensor extension', async () => {
    await renderAdd();
    expect(screen.getByTestId('product-sensor-toggle')).toBeTruthy();
  });

  it('has no sensor toggle without the extension', async () => {
    await renderAdd({ instanceSubscription: { extension: [], on_premise: false, limits: { leaf_locations: null } } });
    expect(screen.queryByTestId('product-sensor-toggle')).toBeNull();
  });
});

describe('Add Product, inventory variant', { timeout: 30_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  async function renderInventory(handlers: StubHandlers = {}) {
    const server = stubProductServer(handlers);
    renderProductScreen(<InventoryAddProductPage />, { path: '/inventory/add-product' });
    await screen.findByTestId('product-form');
    return server;
  }

  it('has category, name, SKU and attributes only, and returns to /inventory', async () => {
    const server = await renderInventory({ productCreate: () => jsonResponse(testProduct(), 201) });
    expect(screen.queryByTestId('product-encoding')).toBeNull();
    expect(screen.queryByTestId('product-code')).toBeNull();
    expect(screen.queryByTestId('product-description')).toBeNull();
    await fillValidProduct();
    await userEvent.click(screen.getByTestId('product-save'));
    expect((await screen.findByTestId('where')).textContent).toBe('/inventory');
    expect(server.callsTo('productCreate')[0]?.body).toMatchObject({
      sku: '77',
      name: 'Cordless drill',
      category: 10,
      encoding: null,
    });
  });

  it('checks the SKU against the category’s encoding and says Failed to add a new product', async () => {
    await renderInventory({ productCreate: serverError });
    await choose('Category', 'Tools');
    await userEvent.type(input('product-name'), 'Drill');
    await userEvent.type(input('product-sku'), 'AB');
    await choose('Colour', 'Red');
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('The SKU is not valid for this type of encoding method.')).toBeTruthy();
    await userEvent.clear(input('product-sku'));
    await userEvent.type(input('product-sku'), '7');
    await userEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText(/Failed to add a new product/)).toBeTruthy();
  });
});

describe('Edit Product (01 §2.10)', { timeout: 30_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('fills the form; SKU disabled; Save waits for a change, asks, and saves: Product updated', async () => {
    const server = await renderEdit({
      productUpdate: ({ params }) => (params.sku === '42' ? testProduct() : undefined),
    });
    expect(input('product-name').value).toBe('Cordless drill');
    expect(input('product-sku').disabled).toBe(true);
    expect(screen.queryByTestId('product-generate-sku')).toBeNull();
    expect(input('product-attribute-103').value).toBe('2026-03-14T09:30');
    expect(input('product-attribute-102').value).toBe('');
    const save = screen.getByTestId('product-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.type(input('product-name'), ' XL');
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    const dialog = await screen.findByTestId('product-save-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Product updated')).toBeTruthy();
    const patch = server.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ name: 'Cordless drill XL', category: 10, product_code: 'CD-42', encoding: 3 });
    expect(patch?.body).not.toHaveProperty('sku');
  });

  it('Save stays disabled for letters in the SKU unless the encoding is LOOKUP', async () => {
    await renderEdit({
      productGet: ({ params }) => (params.sku === '42' ? testProduct({ sku: 'AB-1', encoding: 4 }) : undefined),
    });
    await userEvent.type(input('product-name'), ' XL');
    const save = screen.getByTestId('product-save') as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await choose('Encoding method', 'NID32');
    expect(save.disabled).toBe(true);
  });

  it('Delete asks (its items go too), deletes and says so; a failure says Failed to delete product.', async () => {
    let fail = true;
    const server = await renderEdit({
      productDelete: ({ params }) => (params.sku !== '42' ? undefined : fail ? serverError() : noContent()),
    });
    await userEvent.click(screen.getByTestId('product-delete'));
    const dialog = await screen.findByTestId('product-delete-dialog');
    expect(dialog.textContent).toContain('also deletes all of its items');
    expect(within(dialog).getByTestId('product-delete-items').textContent).toBe('Items of this product: 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Failed to delete product\./)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByTestId('product-delete'));
    await userEvent.click(
      within(await screen.findByTestId('product-delete-dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByTestId('where')).textContent).toBe(LIST);
    const name = (await screen.findByText(/^Product .* deleted$/)).textContent;
    expect(name).toBe(`Product ${testProduct().name} deleted`);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('changing the category reloads its attributes; going back restores the product’s values', async () => {
    await renderEdit();
    await choose('Category', 'Plain');
    expect(screen.queryByTestId('product-attribute-101')).toBeNull();
    expect(screen.getByTestId('product-no-attributes').textContent).toBe('This category has no product attributes.');
    await choose('Category', 'Tools');
    expect(input('product-attribute-103').value).toBe('2026-03-14T09:30');
  });

  it('the Unassigned product cannot be edited', async () => {
    stubProductServer({
      productGet: ({ params }) => [testProduct(), unassignedProduct()].find((p) => p.sku === params.sku),
    });
    renderProductScreen(<EditProductPage />, {
      path: '/admin-setting/product-management/product/modify-product/Unassigned',
      route: EDIT,
    });
    expect((await screen.findByTestId('product-unassigned-locked')).textContent).toContain(
      'The Unassigned product cannot be edited or deleted.',
    );
    expect(screen.queryByTestId('product-form')).toBeNull();
  });

  it('an unknown SKU says so', async () => {
    stubProductServer();
    renderProductScreen(<EditProductPage />, {
      path: '/admin-setting/product-management/product/modify-product/999',
      route: EDIT,
    });
    expect((await screen.findByTestId('product-load-error')).textContent).toContain(
      'There is no product with the SKU 999.',
    );
  });
});
