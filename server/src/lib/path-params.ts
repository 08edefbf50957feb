import { z } from 'zod';
import { isUuid } from './query-params.js';
import { notFound } from './errors.js';

/**
 * Ids in a path. An id that cannot exist (not digits, too long, not a uuid) answers NotFound, as
 * one of another customer does: the same answer as Django REST's get_object_or_404, and the same
 * for every route (docs/errors.md).
 */

/** A numeric id: digits only, at most 15 of them (a safe integer). */
export function pathId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** A uuid, in the lower case the database stores. */
export function pathUuid(raw: string): string {
  if (!isUuid(raw)) throw notFound();
  return raw.toLowerCase();
}

/** How the API document shows them: the pattern documents, the parsers above answer. */
const numericId = z
  .string()
  .meta({ pattern: '^[0-9]{1,15}$', description: 'An id; one that names nothing answers NotFound.' });
const uuidId = z.string().meta({ format: 'uuid', description: 'A uuid; one that names nothing answers NotFound.' });

/** `{id}` as a number. */
export const IdParams = z.object({ id: numericId }).transform(({ id }) => ({ id: pathId(id) }));

/** `{id}` as a uuid. */
export const UuidIdParams = z.object({ id: uuidId }).transform(({ id }) => ({ id: pathUuid(id) }));
