import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, GeneratedSkuSchema, type GenerateSku } from '@tagtrack/contract';
import { api } from '../../../lib/api';

/** POST /master-data/generate-sku/ {encoding, category} → an unused SKU valid for the effective encoding. */
export function generateSku(input: GenerateSku): Promise<string> {
  return api.post(API_ROUTES.generateSku.url, input, { schema: GeneratedSkuSchema }).then((reply) => reply.sku);
}

export function useGenerateSku() {
  return useMutation({ mutationFn: generateSku });
}
