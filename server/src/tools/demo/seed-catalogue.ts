import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  encodeEpc,
  UNSET_DATETIME,
  type AttributeType,
  type AttributeValue,
  type EncodingMethod,
  type ItemStatus,
} from '@tagtrack/contract';
import { categories, categoryFields, encodings, items, locations, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

/** The demo's GS1 company prefix (the one of the GS1 Tag Data Standard's examples). */
export const DEMO_COMPANY_PREFIX = '0614141';
const ITEM_COUNT = 3000;
const UNREGISTERED_COUNT = 40;

interface FieldSpec {
  name: string;
  type: AttributeType;
  required?: boolean;
  asset?: boolean;
  fixed?: string;
  options?: string[];
  showInTable?: boolean;
}

interface CategorySpec {
  name: string;
  description: string;
  encoding?: EncodingMethod;
  fields: FieldSpec[];
  children?: Omit<CategorySpec, 'children'>[];
}

const CATEGORIES: CategorySpec[] = [
  {
    name: 'IT Equipment',
    description: 'Computers, phones and peripherals issued to staff.',
    fields: [
      { name: 'Manufacturer', type: 'Text', required: true, showInTable: true },
      { name: 'Warranty until', type: 'DateTime', asset: true },
      { name: 'Condition', type: 'DropdownList', asset: true, options: ['New', 'Good', 'Worn', 'Broken'] },
    ],
    children: [
      {
        name: 'Laptops',
        description: 'Portable computers.',
        fields: [
          { name: 'Screen size (in)', type: 'Number', showInTable: true },
          { name: 'Asset tag', type: 'Text', asset: true, required: true },
        ],
      },
      { name: 'Phones', description: 'Company mobile phones.', fields: [{ name: 'IMEI', type: 'Text', asset: true }] },
    ],
  },
  {
    name: 'Pallets and Crates',
    description: 'Returnable transport items.',
    encoding: 'NID64',
    fields: [
      { name: 'Material', type: 'DropdownList', options: ['Wood', 'Plastic', 'Metal'], showInTable: true },
      { name: 'Load capacity (kg)', type: 'Number' },
      { name: 'Owner', type: 'Text', fixed: 'Demo Warehouse' },
    ],
  },
  {
    name: 'Retail Goods',
    description: 'Products sold in the stores, tagged at source with SGTIN-96.',
    encoding: 'SGTIN96',
    fields: [
      { name: 'Brand', type: 'Text', required: true, showInTable: true },
      { name: 'Colour', type: 'DropdownList', options: ['Black', 'White', 'Red', 'Blue', 'Green'] },
      { name: 'Best before', type: 'DateTime', asset: true },
    ],
    children: [
      {
        name: 'Apparel',
        description: 'Clothing.',
        fields: [{ name: 'Size', type: 'DropdownList', options: ['S', 'M', 'L', 'XL'] }],
      },
      { name: 'Groceries', description: 'Food and drink.', fields: [{ name: 'Weight (g)', type: 'Number' }] },
    ],
  },
  {
    name: 'Tools',
    description: 'Workshop tools on loan to technicians.',
    encoding: 'LOOKUP',
    fields: [
      { name: 'Calibrated on', type: 'DateTime', asset: true },
      { name: 'Safety class', type: 'DropdownList', options: ['A', 'B', 'C'], required: true },
    ],
  },
];

const PRODUCT_NAMES: Record<string, string[]> = {
  Laptops: ['ThinkPad T14', 'ThinkPad X1 Carbon', 'MacBook Air 13', 'MacBook Pro 14', 'Latitude 7440', 'EliteBook 840'],
  Phones: ['iPhone 15', 'Galaxy S24', 'Pixel 8', 'Fairphone 5'],
  'IT Equipment': ['USB-C Dock', '27" Monitor', 'Wireless Keyboard', 'Headset Pro', 'Webcam HD'],
  'Pallets and Crates': [
    'EUR Pallet',
    'Half Pallet',
    'Plastic Pallet',
    'Foldable Crate',
    'Stacking Crate',
    'Metal Cage',
  ],
  Apparel: ['Rain Jacket', 'Wool Sweater', 'Cotton T-Shirt', 'Hiking Trousers', 'Beanie', 'Scarf'],
  Groceries: ['Brown Cheese 500 g', 'Coffee Beans 1 kg', 'Crispbread', 'Salmon Fillet', 'Cloudberry Jam', 'Oat Milk'],
  'Retail Goods': ['Gift Card Holder', 'Tote Bag', 'Water Bottle'],
  Tools: ['Torque Wrench', 'Cordless Drill', 'Multimeter', 'Laser Level', 'Crimping Tool', 'Thermal Camera'],
};
const UNCATEGORISED = ['Visitor Badge', 'Key Cabinet', 'Fire Extinguisher', 'First Aid Kit'];

/** A small deterministic generator, so every demo database looks the same. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sampleValue(field: FieldSpec, random: () => number, index: number): string {
  if (field.fixed) return field.fixed;
  switch (field.type) {
    case 'Text':
      return field.name === 'Manufacturer'
        ? ['Lenovo', 'Apple', 'Dell', 'HP', 'Samsung'][index % 5]!
        : field.name === 'Brand'
          ? ['Nordkapp', 'Fjord', 'Polar', 'Viking'][index % 4]!
          : `${field.name.slice(0, 3).toUpperCase()}-${1000 + Math.floor(random() * 9000)}`;
    case 'DropdownList':
      return field.options![Math.floor(random() * field.options!.length)]!;
    case 'Number':
      return String(Math.round(random() * 1000) / 10 + 1);
    case 'DateTime': {
      const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 900) * 86_400_000);
      return day.toISOString().slice(0, 19);
    }
  }
}

/**
 * Demo catalogue: SGTIN-96 switched on with the demo company prefix, categories with every
 * attribute type (product-level, item-level, fixed, required), about 50 products over the four
 * encodings and a few thousand items spread over the active leaf locations.
 */
export async function seedDemoCatalogue(tenant: TenantScope): Promise<void> {
  const random = prng(20261123);
  await tenant.update(
    encodings,
    { disabled: false, metadata: { companyPrefix: DEMO_COMPANY_PREFIX } },
    eq(encodings.method, 'SGTIN96'),
  );
  const encodingRows = await tenant.db.select().from(encodings).where(tenant.where(encodings));
  const encodingId = (method: EncodingMethod) => encodingRows.find((e) => e.method === method)!.id;
  const defaultMethod = encodingRows.find((e) => e.isDefault)!.method;

  interface SeededCategory {
    id: number;
    name: string;
    method: EncodingMethod;
    fields: (FieldSpec & { id: number })[];
  }
  const seeded: SeededCategory[] = [];
  const insertCategory = async (spec: Omit<CategorySpec, 'children'>, parent: SeededCategory | null) => {
    const [row] = await tenant
      .insert(categories, {
        name: spec.name,
        description: spec.description,
        parentId: parent?.id ?? null,
        encodingId: spec.encoding ? encodingId(spec.encoding) : null,
      })
      .returning();
    const fields: (FieldSpec & { id: number })[] = [];
    for (const [position, field] of spec.fields.entries()) {
      const [f] = await tenant
        .insert(categoryFields, {
          categoryId: row!.id,
          position,
          name: field.name,
          type: field.type,
          required: Boolean(field.required) && !field.fixed,
          fixedData: Boolean(field.fixed),
          fixedValue: field.fixed ?? null,
          assetData: Boolean(field.asset),
          showInTable: Boolean(field.showInTable),
          options: field.options ?? [],
        })
        .returning();
      fields.push({ ...field, id: f!.id });
    }
    const category: SeededCategory = {
      id: row!.id,
      name: spec.name,
      method: spec.encoding ?? parent?.method ?? defaultMethod,
      fields: [...(parent?.fields ?? []), ...fields],
    };
    seeded.push(category);
    return category;
  };
  for (const spec of CATEGORIES) {
    const parent = await insertCategory(spec, null);
    for (const child of spec.children ?? []) await insertCategory(child, parent);
  }

  const nextSku: Record<EncodingMethod, number> = { NID32: 1001, NID64: 5_000_001, SGTIN96: 100_001, LOOKUP: 0 };
  const productRows: { id: number; sku: string; method: EncodingMethod; category: SeededCategory | null }[] = [];
  let productIndex = 0;
  const addProduct = async (name: string, category: SeededCategory | null) => {
    const method = category?.method ?? defaultMethod;
    const sku = method === 'LOOKUP' ? `TOOL-${String(++nextSku.LOOKUP).padStart(3, '0')}` : String(nextSku[method]++);
    productIndex += 1;
    const attributes: AttributeValue[] = (category?.fields ?? [])
      .filter((f) => !f.asset)
      .map((f) => ({ datafield: f.id, name: f.name, value: sampleValue(f, random, productIndex) }));
    const [row] = await tenant
      .insert(products, {
        sku,
        name,
        productCode: `PC-${String(productIndex).padStart(4, '0')}`,
        categoryId: category?.id ?? null,
        metadata: {
          description: `${name}: demo product${category ? ` in ${category.name}` : ''}.`,
          sensor_product: 'false',
        },
        attributes,
      })
      .returning();
    productRows.push({ id: row!.id, sku, method, category });
  };
  for (const category of seeded) {
    for (const name of PRODUCT_NAMES[category.name] ?? []) await addProduct(name, category);
  }
  for (const name of UNCATEGORISED) await addProduct(name, null);

  const leaves = await tenant.db
    .select({ uuid: locations.uuid })
    .from(locations)
    .where(
      and(
        tenant.where(locations, eq(locations.active, true), isNull(locations.special)),
        sql`not exists (select 1 from ${locations} c where c.customer_id = ${locations.customerId} and c.parent_uuid = ${locations.uuid})`,
      ),
    );
  const statuses: ItemStatus[] = ['in', 'in', 'in', 'in', 'in', 'in', 'out', 'lost'];
  const batch: (typeof items.$inferInsert)[] = [];
  const now = Date.now();
  for (let i = 0; i < ITEM_COUNT; i += 1) {
    const product = productRows[Math.floor(random() * productRows.length)]!;
    const serial = 1 + i;
    const code =
      product.method === 'LOOKUP'
        ? `E2801160${(0x20000000 + i).toString(16).toUpperCase().padStart(16, '0')}`
        : encodeEpc(product.method, product.sku, BigInt(serial), { companyPrefix: DEMO_COMPANY_PREFIX, filter: 1 });
    const attributes: AttributeValue[] = (product.category?.fields ?? [])
      .filter((f) => f.asset)
      .map((f) => ({
        datafield: f.id,
        name: f.name,
        value: f.type === 'DateTime' && random() < 0.2 ? UNSET_DATETIME : sampleValue(f, random, i),
      }));
    batch.push({
      customerId: tenant.customerId,
      code,
      productId: product.id,
      name: i % 4 === 0 ? `Item ${serial}` : '',
      attributes,
      status: statuses[Math.floor(random() * statuses.length)]!,
      // Each product is stocked in three of the zones, as real stock clusters.
      locationUuid: leaves[(product.id * 7 + Math.floor(random() * 3) * 3) % leaves.length]!.uuid,
      latestStatusUpdate: new Date(now - Math.floor(random() * 30 * 86_400_000)),
    });
  }
  // Tags read but never registered: their EPCs decode to SKUs no product has, so they belong to Unassigned.
  const [unassigned] = await tenant.db
    .select({ id: products.id })
    .from(products)
    .where(tenant.where(products, eq(products.special, 'unassigned')));
  for (let i = 0; i < UNREGISTERED_COUNT; i += 1) {
    batch.push({
      customerId: tenant.customerId,
      code: encodeEpc('NID32', BigInt(900_001 + (i % 7)), BigInt(i + 1)),
      productId: unassigned!.id,
      status: 'in',
      locationUuid: leaves[i % leaves.length]!.uuid,
      latestStatusUpdate: new Date(now - Math.floor(random() * 3 * 86_400_000)),
    });
  }
  for (let start = 0; start < batch.length; start += 500) {
    await tenant.db.insert(items).values(batch.slice(start, start + 500));
  }
}
