import { z } from 'zod';
import { LOCATION_FILE_TYPES, LOCATION_NAME_MAX } from './location.limits.js';

export const LocationSpecialSchema = z.enum(['removed', 'unassigned']).nullable();
export type LocationSpecial = z.infer<typeof LocationSpecialSchema>;

const MetadataSchema = z.record(z.string(), z.unknown(), { error: 'metadataMustBeObject' });

/** A location as the API answers it; the list answers roots with their children nested. */
export const LocationSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    parent: z.uuid().nullable(),
    active: z.boolean(),
    metadata: z.record(z.string(), z.unknown()),
    special: LocationSpecialSchema,
    has_floor_plan: z.boolean(),
    image_count: z.number().int(),
    items: z.number().int(),
    products: z.number().int(),
    get children(): z.ZodArray<typeof LocationSchema> {
      return z.array(LocationSchema);
    },
  })
  // A named component, so the OpenAPI document can reference the recursive tree.
  .meta({ id: 'Location' });
export type Location = z.infer<typeof LocationSchema>;

const NameSchema = z
  .string({ error: 'requiredLocationField' })
  .trim()
  .min(1, 'requiredLocationField')
  .max(LOCATION_NAME_MAX, 'MaxRequiredError');

/** POST /configuration/location/ */
export const LocationCreateSchema = z.object({
  parent: z.uuid({ error: 'invalidLocation' }).nullable().default(null),
  name: NameSchema,
  metadata: MetadataSchema.default({}),
});
export type LocationCreate = z.infer<typeof LocationCreateSchema>;

/** PATCH /configuration/location/{id}/ */
export const LocationUpdateSchema = z.object({
  parent: z.uuid({ error: 'invalidLocation' }).nullable().optional(),
  name: NameSchema.optional(),
  metadata: MetadataSchema.optional(),
});
export type LocationUpdate = z.infer<typeof LocationUpdateSchema>;

/** GET /configuration/location/ */
export const LocationListQuerySchema = z.object({
  only_root: z.enum(['true', 'false', '1', '0']).optional(),
  role: z.enum(['concrete']).optional(),
  search: z.string().trim().max(200).optional(),
});

/** Metadata as typed in a form: empty, or text that parses to a JSON object (not an array). */
export function parseMetadataText(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The add/edit dialog's form: name, parent and metadata text. */
export const LocationFormSchema = z.object({
  name: NameSchema,
  parent: z.string().nullable(),
  metadata: z.string().refine((text) => parseMetadataText(text) !== null, 'metadataMustBeObject'),
});
export type LocationForm = z.infer<typeof LocationFormSchema>;

/** Counts of one location (the count check before delete). */
export const LocationCountsSchema = z.object({
  location: z.uuid(),
  items: z.number().int(),
  products: z.number().int(),
});
export type LocationCounts = z.infer<typeof LocationCountsSchema>;

/** GET /configuration/location/leaf-remaining/ */
export const LeafRemainingSchema = z.object({
  leaf_locations_remaining: z.number().int().nullable(),
  leaf_locations: z.number().int(),
  limit: z.number().int().nullable(),
});
export type LeafRemaining = z.infer<typeof LeafRemainingSchema>;

export const LocationFileTypeSchema = z.enum(LOCATION_FILE_TYPES);
export type LocationFileType = z.infer<typeof LocationFileTypeSchema>;

/** A stored image of a location (type 'floor plan' or 'other'). */
export const LocationFileSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  type: LocationFileTypeSchema,
  content_type: z.string(),
  size: z.number().int(),
  updated: z.string(),
});
export type LocationFile = z.infer<typeof LocationFileSchema>;

/** Fields of the multipart upload besides the file. */
export const LocationFileUploadSchema = z.object({
  name: z
    .string({ error: 'requiredImageName' })
    .trim()
    .min(1, 'requiredImageName')
    .max(LOCATION_NAME_MAX, 'MaxRequiredError'),
  type: LocationFileTypeSchema.default('other'),
});

export const FLOOR_PLAN_SHAPES = ['triangle', 'rectangle', 'circle', 'dot'] as const;
const coordinate = z.number().finite().min(-100_000).max(100_000);

export const FloorPlanShapeSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(FLOOR_PLAN_SHAPES),
  location: z.uuid({ error: 'invalidLocation' }),
  x: coordinate,
  y: coordinate,
  width: z.number().finite().min(0).max(100_000),
  height: z.number().finite().min(0).max(100_000),
  rotation: z.number().finite().min(-360).max(360).default(0),
});
export type FloorPlanShape = z.infer<typeof FloorPlanShapeSchema>;

/** POST/PUT /configuration/location/{id}/floor_plan/: the shapes drawn on the plan image. */
export const FloorPlanInputSchema = z.object({
  shapes: z.array(FloorPlanShapeSchema).max(500),
});
export type FloorPlanInput = z.infer<typeof FloorPlanInputSchema>;

export const FloorPlanSchema = z.object({
  location: z.uuid(),
  image: LocationFileSchema.nullable(),
  shapes: z.array(FloorPlanShapeSchema),
  updated: z.string().nullable(),
});
export type FloorPlan = z.infer<typeof FloorPlanSchema>;
