import { z } from 'zod';
import { ENCODING_METHODS } from './catalogue.limits.js';
import { COMPANY_PREFIX_PATTERN } from './sku.rules.js';

export const EncodingMethodSchema = z.enum(ENCODING_METHODS);

export const EncodingMetadataSchema = z.object({ companyPrefix: z.string().optional() }).catchall(z.unknown());

/** One encoding method of a customer (01 §3). */
export const EncodingSchema = z.object({
  id: z.number().int(),
  method: EncodingMethodSchema,
  disabled: z.boolean(),
  default: z.boolean(),
  metadata: EncodingMetadataSchema,
});
export type Encoding = z.infer<typeof EncodingSchema>;

/** GET /master-data/encoding/ */
export const EncodingListSchema = z.object({ encodings: z.array(EncodingSchema) });
export type EncodingList = z.infer<typeof EncodingListSchema>;

/** PATCH /master-data/encoding/{id}/: enable or disable, make default, set the SGTIN-96 company prefix. */
export const EncodingUpdateSchema = z.object({
  disabled: z.boolean().optional(),
  default: z.literal(true).optional(),
  metadata: z
    .object({ companyPrefix: z.string().trim().regex(COMPANY_PREFIX_PATTERN, 'companyPrefixInvalid') })
    .optional(),
});
export type EncodingUpdate = z.infer<typeof EncodingUpdateSchema>;

/** POST /master-data/generate-sku/ */
export const GenerateSkuSchema = z.object({
  encoding: z.number().int().nullable().optional(),
  category: z.number().int().nullable().optional(),
});
export type GenerateSku = z.infer<typeof GenerateSkuSchema>;
export const GeneratedSkuSchema = z.object({ sku: z.string() });
