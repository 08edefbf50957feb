import { z } from 'zod';
import { EXTENSIONS } from '../common/roles.js';

/** GET /configuration/version/ (public): the backend version, and the variant the signed-out pages depend on. */
export const VersionSchema = z.object({ version: z.string(), on_premise: z.boolean() });
export type Version = z.infer<typeof VersionSchema>;

/** GET /configuration/instance-subscription/ */
export const InstanceSubscriptionSchema = z.object({
  extension: z.array(z.enum(EXTENSIONS)),
  on_premise: z.boolean(),
  limits: z.object({ leaf_locations: z.number().int().nullable() }),
});
export type InstanceSubscription = z.infer<typeof InstanceSubscriptionSchema>;

/** GET /configuration/customer/ */
export const CustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type Customer = z.infer<typeof CustomerSchema>;
