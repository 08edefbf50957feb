import { LOCATION_IMAGE_MAX_BYTES, LOCATION_IMAGE_TYPES } from '@tagtrack/contract';

/** Why a chosen file cannot be uploaded: validation message keys of the contract. */
export type ImageProblem = 'imageTypeNotAllowed' | 'imageTooLarge';

export interface ImageRules {
  /** Allowed MIME types (default: png, jpeg and svg, spec 01 §2.14). */
  types?: readonly string[];
  /** Largest allowed size in bytes (default: the location image limit, 3,200,000). */
  maxBytes?: number;
}

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/** The file's image type: its MIME type, or the one its extension implies when the browser gives none. */
export function imageTypeOf(file: Pick<File, 'name' | 'type'>): string | null {
  if (file.type) return file.type.toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return extension ? (TYPE_BY_EXTENSION[extension] ?? null) : null;
}

/** The `accept` attribute for the allowed types: MIME types plus their extensions. */
export function acceptAttribute(types: readonly string[] = LOCATION_IMAGE_TYPES): string {
  const extensions = Object.entries(TYPE_BY_EXTENSION)
    .filter(([, type]) => types.includes(type))
    .map(([extension]) => `.${extension}`);
  return [...types, ...extensions].join(',');
}

/**
 * Checks a chosen file before upload: a type outside the list is refused, and a file over the
 * size limit may not be saved. The server checks the content again; this only spares a round trip.
 */
export function validateImageFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  { types = LOCATION_IMAGE_TYPES, maxBytes = LOCATION_IMAGE_MAX_BYTES }: ImageRules = {},
): ImageProblem | null {
  const type = imageTypeOf(file);
  if (type === null || !types.includes(type)) return 'imageTypeNotAllowed';
  if (file.size > maxBytes) return 'imageTooLarge';
  return null;
}
