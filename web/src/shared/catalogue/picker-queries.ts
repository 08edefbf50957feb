import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  CATEGORY_PAGE_SIZE_MAX,
  CategorySchema,
  MAX_PAGE_SIZE,
  ProductSchema,
  UNASSIGNED_SKU,
  pagedSchema,
  type Category,
  type Product,
} from '@tagtrack/contract';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const ProductPageSchema = pagedSchema(ProductSchema);
const CategoryPageSchema = pagedSchema(CategorySchema);

/**
 * Every product but Unassigned, for the product pickers of other areas, sorted by SKU
 * case-insensitively (01 §9); with `sensorOnly` the sensor products alone (metadata
 * sensor_product=true, what sensor events watch). Keyed under the catalogue's ['products'] so every
 * product change refreshes it.
 */
export const pickerProductsQueryOptions = ({ sensorOnly = false }: { sensorOnly?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.products.picker(sensorOnly),
    queryFn: async ({ signal }): Promise<Product[]> => {
      const page = await api.get(API_ROUTES.productList.url, {
        query: {
          page_size: MAX_PAGE_SIZE,
          ordering: 'sku',
          exclude_product: UNASSIGNED_SKU,
          metadata: sensorOnly ? 'sensor_product=true' : undefined,
        },
        schema: ProductPageSchema,
        signal,
      });
      return page.results
        .filter((p) => p.sku !== UNASSIGNED_SKU)
        .sort((a, b) => a.sku.toLowerCase().localeCompare(b.sku.toLowerCase()));
    },
  });

export function usePickerProducts(options: { sensorOnly?: boolean } = {}) {
  return useQuery(pickerProductsQueryOptions(options));
}

/** Top-level categories with their subcategories, by name; keyed under the catalogue's ['categories']. */
export const pickerCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.picker(),
    queryFn: async ({ signal }): Promise<Category[]> =>
      (
        await api.get(API_ROUTES.categoryList.url, {
          query: { only_root: 'true', page_size: CATEGORY_PAGE_SIZE_MAX, ordering: 'name' },
          schema: CategoryPageSchema,
          signal,
        })
      ).results,
  });

export function usePickerCategories() {
  return useQuery(pickerCategoriesQueryOptions());
}
