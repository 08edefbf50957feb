import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_ROUTES, ProductSchema, type Product, type ProductCreateSchema } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /master-data/product/ {sku, name, product_code, category, encoding, metadata, attributes}. */
export type ProductCreateInput = z.input<typeof ProductCreateSchema>;

export function createProduct(input: ProductCreateInput): Promise<Product> {
  return api.post(API_ROUTES.productCreate.url, input, { schema: ProductSchema });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateAfter(queryClient, 'products'),
  });
}
