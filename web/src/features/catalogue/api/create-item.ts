import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ItemSchema, type Item, type ItemCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/**
 * POST /tag-data/tag/ {code, product__sku?, metadata: {name}, location?, status, attributes}: the
 * product follows from the EPC; product__sku only names a product whose encoding is lookup.
 */
export function createItem(input: ItemCreate): Promise<Item> {
  return api.post(API_ROUTES.itemCreate.url, input, { schema: ItemSchema });
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    // Products carry their item count.
    onSuccess: () => invalidateAfter(queryClient, 'items'),
  });
}
