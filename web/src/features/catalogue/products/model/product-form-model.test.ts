import { describe, expect, it } from 'vitest';
import { validationMessage, type Encoding } from '@tagtrack/contract';
import {
  createPayload,
  defaultAttributeInputs,
  editSaveDisabled,
  emptyProductForm,
  productFormValues,
  updatePayload,
  validateProductForm,
  type ProductFormValues,
} from './product-form-model';
import { testEncodings, testProduct, toolFields } from '../test/product-fixtures';

const [nid32, nid64, sgtin, lookup] = testEncodings as [Encoding, Encoding, Encoding, Encoding];

function form(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...emptyProductForm(nid32.id),
    category: '10',
    name: 'Drill',
    sku: '42',
    attributes: { ...defaultAttributeInputs(toolFields), f101: 'Red' },
    ...overrides,
  };
}

/** The English text of each field's message. */
function messages(values: ProductFormValues, encoding: Encoding = nid32, fields = toolFields) {
  return Object.fromEntries(
    Object.entries(validateProductForm(values, { fields, encoding })).map(([k, v]) => [k, validationMessage(v ?? '')]),
  );
}

describe('product form rules on submit (01 §5)', () => {
  it('an empty form names the category, the product name and the SKU', () => {
    expect(messages(emptyProductForm(nid32.id), nid32, [])).toEqual({
      category: 'Category name is required',
      name: 'Product name is required',
      sku: 'Sku is required',
    });
  });

  it('None is a category choice', () => {
    expect(messages(form({ category: '0', attributes: {} }), nid32, [])).toEqual({});
  });

  it('a numeric SKU must be a whole number of at least 1', () => {
    expect(messages(form({ sku: '0' })).sku).toBe('Invalid SKU.');
    expect(messages(form({ sku: '-5' })).sku).toBe('Invalid SKU.');
    expect(messages(form({ sku: '1.5' })).sku).toBe('Invalid SKU.');
    expect(messages(form({ sku: '1' })).sku).toBeUndefined();
  });

  it('letters only with LOOKUP', () => {
    expect(messages(form({ sku: 'AB-1' }), nid32).sku).toBe('The SKU is not valid for this type of encoding method.');
    expect(messages(form({ sku: 'AB-1' }), lookup).sku).toBeUndefined();
  });

  it("above the method's maximum, with the limit in the message", () => {
    expect(messages(form({ sku: '4294967296' }), nid32).sku).toBe(
      'The maximum SKU value for the selected encoding method is 4294967295.',
    );
    expect(messages(form({ sku: '4294967296' }), nid64).sku).toBeUndefined();
    // Company prefix of 7 digits: partition 5, item references up to 1048575.
    expect(messages(form({ sku: '1048576' }), sgtin).sku).toBe(
      'The maximum SKU value for the selected encoding method is 1048575.',
    );
  });

  it('a required product attribute needs a real value; item-only and fixed ones are not asked', () => {
    const values = form({ attributes: { ...defaultAttributeInputs(toolFields), f101: '' } });
    expect(messages(values)).toEqual({ 'attributes.f101': 'Product field name is required' });
  });

  it('a value must suit its type', () => {
    expect(messages(form({ attributes: { f101: 'Green' } }))['attributes.f101']).toBe(
      'Choose one of the options of the list.',
    );
    expect(messages(form({ attributes: { f101: 'Red', f102: 'heavy' } }))['attributes.f102']).toBe('Enter a number.');
  });
});

describe('payloads', () => {
  it('create: None is null, empty product code is null, placeholders for unset values, the fixed value forced', () => {
    const payload = createPayload(
      form({ productCode: ' ', description: 'Text', sensorProduct: true, encoding: '3' }),
      toolFields,
      'catalogue',
    );
    expect(payload).toMatchObject({
      sku: '42',
      name: 'Drill',
      category: 10,
      product_code: null,
      encoding: 3,
      metadata: { description: 'Text', sensor_product: 'true' },
    });
    expect(payload.attributes).toEqual([
      { datafield: 101, name: 'Colour', value: 'Red' },
      { datafield: 102, name: 'Weight', value: '0.0000000001' },
      { datafield: 103, name: 'Inspected', value: '1970-01-01T00:00:00' },
      { datafield: 104, name: 'Owner', value: 'Facilities' },
    ]);
    expect(createPayload(form({ category: '0' }), [], 'catalogue').category).toBeNull();
  });

  it('the inventory variant sends category, name, SKU and attributes; the server picks the encoding', () => {
    const payload = createPayload(form({ productCode: 'X', description: 'D' }), toolFields, 'inventory');
    expect(payload).toEqual({
      sku: '42',
      name: 'Drill',
      category: 10,
      attributes: expect.any(Array) as unknown,
      encoding: null,
      metadata: {},
    });
  });

  it('update keeps other metadata entries and sends no SKU', () => {
    const product = testProduct({ metadata: { description: 'Old', sensor_product: 'false', colourCode: 'x' } });
    const payload = updatePayload(productFormValues(product, 3), toolFields, product);
    expect(payload).not.toHaveProperty('sku');
    expect(payload.metadata).toEqual({ description: 'Old', sensor_product: 'false', colourCode: 'x' });
  });
});

describe('edit Save (01 §2.10)', () => {
  const product = testProduct();
  const initial = productFormValues(product, sgtin.id);

  it('reads the product: placeholders as empty inputs, dates as datetime-local', () => {
    expect(initial.attributes).toEqual({ f101: 'Blue', f102: '', f103: '2026-03-14T09:30', f104: 'Facilities' });
    expect(initial.category).toBe('10');
    expect(initial.productCode).toBe('CD-42');
  });

  it('is disabled while nothing changed', () => {
    expect(editSaveDisabled(initial, initial, sgtin)).toBe(true);
    expect(editSaveDisabled({ ...initial, name: 'New name' }, initial, sgtin)).toBe(false);
  });

  it('is disabled when the SKU is invalid for the encoding', () => {
    const big = productFormValues(testProduct({ sku: '2000000' }), sgtin.id);
    expect(editSaveDisabled({ ...big, name: 'New name' }, big, sgtin)).toBe(true);
    expect(editSaveDisabled({ ...big, name: 'New name', encoding: '2' }, big, nid64)).toBe(false);
  });

  it('is disabled when the SKU holds letters and the encoding is not LOOKUP', () => {
    const lettered = productFormValues(testProduct({ sku: 'AB-1' }), lookup.id);
    expect(editSaveDisabled({ ...lettered, name: 'New name' }, lettered, lookup)).toBe(false);
    expect(editSaveDisabled({ ...lettered, name: 'New name', encoding: '1' }, lettered, nid32)).toBe(true);
  });
});
