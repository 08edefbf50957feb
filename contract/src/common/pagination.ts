import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 10000;

/**
 * A list's page_size: a whole number from 1, clamped to the list's maximum as Django REST does
 * (the spec's own calls ask for 10000 where a list serves fewer), `fallback` when absent.
 */
export function pageSizeSchema(max: number, fallback: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .describe(`Rows a page: at most ${max}; a larger page_size is clamped to it.`)
    .transform((size) => Math.min(size, max));
}

/**
 * A list's `ordering`: comma-separated fields of `allowed`, each ascending or, with a leading
 * minus, descending. A field the list cannot order by is refused, naming it, rather than ignored.
 */
export function orderingSchema(allowed: readonly string[]) {
  return z
    .string()
    .trim()
    .max(200)
    .optional()
    .superRefine((text, ctx) => {
      for (const part of (text ?? '').split(',')) {
        const field = part.trim().replace(/^-/, '');
        if (part.trim() !== '' && !allowed.includes(field)) {
          ctx.addIssue({
            code: 'custom',
            message: `Cannot order by "${field}". Order by one of: ${allowed.join(', ')} (a leading minus for descending).`,
          });
        }
      }
    })
    .describe(`Comma-separated fields, a leading minus for descending: ${allowed.join(', ')}.`);
}

/**
 * Django-REST style list query: page, page_size, search. Each list adds its `ordering`
 * (`orderingSchema` of the fields it can order by).
 */
export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: pageSizeSchema(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export interface Paged<T> {
  count: number;
  results: T[];
}

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), results: z.array(item) });
}

/** Parses `ordering` (checked by `orderingSchema`) against the allowed fields; the fallback applies when it names none. */
export function parseOrdering<F extends string>(
  ordering: string | undefined,
  allowed: readonly F[],
  fallback: string,
): { field: F; descending: boolean }[] {
  const parse = (text: string) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => ({ field: part.replace(/^-/, '') as F, descending: part.startsWith('-') }))
      .filter((o) => (allowed as readonly string[]).includes(o.field));
  const parsed = ordering ? parse(ordering) : [];
  return parsed.length > 0 ? parsed : parse(fallback);
}

/** The ordering of a list sorted by one column: the first allowed field named, else the fallback. */
export function singleOrdering<F extends string>(
  ordering: string | undefined,
  allowed: readonly F[],
  fallback: F | `-${F}`,
): { field: F; descending: boolean } {
  const [first] = parseOrdering(ordering, allowed, fallback);
  if (!first) throw new Error(`the fallback ordering ${fallback} is not an allowed field`);
  return first;
}

/** SQL's window onto one page of a list query (pages count from 1). */
export function pageWindow(query: { page: number; page_size: number }): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}
