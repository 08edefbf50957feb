import { PAGE_SIZES } from '@tagtrack/contract';

/**
 * One filter's URL form: `parse` reads the parameter (null when absent) and never throws, whatever
 * was typed into the address bar; `format` writes it, null for the default (left out of the URL).
 */
export interface UrlCodec<T> {
  parse: (raw: string | null) => T;
  format: (value: T) => string | null;
}

/** The filters of a list, each with its codec; the key is the URL parameter. */
export type FilterCodecs<F> = { [K in keyof F]: UrlCodec<F[K]> };

/** Codecs for the usual filters. */
export const urlFilter = {
  /** Free text or an id; `allowed` keeps out values the list could not ask for (then the default). */
  text<T extends string = string>(fallback: NoInfer<T>, allowed?: RegExp): UrlCodec<T> {
    return {
      parse: (raw) => (raw !== null && (!allowed || allowed.test(raw)) ? (raw as T) : fallback),
      format: (value) => (value === fallback ? null : value),
    };
  },
  /** Several values, comma-separated as the API takes them; only `allowed` ones when given. */
  list<T extends string = string>(allowed?: readonly T[]): UrlCodec<T[]> {
    return {
      parse: (raw) =>
        (raw ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter((part): part is T => part !== '' && (!allowed || (allowed as readonly string[]).includes(part))),
      format: (values) => (values.length > 0 ? values.join(',') : null),
    };
  },
  /** A switch, off by default: `name=true` when on. */
  flag(): UrlCodec<boolean> {
    return { parse: (raw) => raw === 'true', format: (value) => (value ? 'true' : null) };
  },
} as const;

/** How a list reads and writes its URL parameters. */
export interface ListParamsConfig<F> {
  pageSize: number;
  ordering: string;
  /** The page sizes the pager offers (PAGE_SIZES when absent): a size from the URL is one of them. */
  pageSizes?: readonly number[];
  /** The fields the list can order by; an ordering naming another falls back to the default. */
  sortFields?: readonly string[];
  filters?: FilterCodecs<F>;
  /** Before every parameter name, when two lists share a screen (`outbox_page`). */
  prefix?: string;
}

/** The list's view as its URL says: the page counts from 0, as MUI's pager does. */
export interface ListParams<F> {
  search: string;
  page: number;
  pageSize: number;
  ordering: string;
  filters: F;
}

/** The URL parameter names of a list (with its prefix). */
export function paramNames(prefix?: string) {
  const name = (base: string) => (prefix ? `${prefix}_${base}` : base);
  return { name, search: name('search'), page: name('page'), pageSize: name('page_size'), ordering: name('ordering') };
}

const WHOLE = /^\d+$/;
const FIELD = /^-?[A-Za-z0-9_]+$/;

/** A page size from the URL: a size the pager offers, the largest for anything above it, else the default. */
export function parsePageSize(raw: string | null, fallback: number, sizes: readonly number[] = PAGE_SIZES): number {
  if (raw === null || !WHOLE.test(raw)) return fallback;
  const size = Number(raw);
  if (size < 1) return fallback;
  const sorted = [...sizes].sort((a, b) => a - b);
  return sorted.find((allowed) => allowed >= size) ?? sorted[sorted.length - 1] ?? fallback;
}

/** A page from the URL, counted from 1 there and from 0 here; anything but a whole number ≥ 1 is the first. */
export function parsePage(raw: string | null): number {
  if (raw === null || !WHOLE.test(raw)) return 0;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0;
}

/** An ordering from the URL: one field the list can order by, ascending or with a minus descending. */
export function parseListOrdering(raw: string | null, fallback: string, sortFields?: readonly string[]): string {
  if (raw === null || !FIELD.test(raw)) return fallback;
  const field = raw.replace(/^-/, '');
  if (field === fallback.replace(/^-/, '')) return raw;
  return !sortFields || sortFields.includes(field) ? raw : fallback;
}

/** Reads a list's view from URL parameters: missing or invalid values give the defaults. */
export function readListParams<F>(params: URLSearchParams, config: ListParamsConfig<F>): ListParams<F> {
  const names = paramNames(config.prefix);
  const filters = {} as F;
  for (const key of Object.keys(config.filters ?? {}) as (keyof F & string)[]) {
    filters[key] = config.filters![key].parse(params.get(names.name(key)));
  }
  return {
    search: params.get(names.search) ?? '',
    page: parsePage(params.get(names.page)),
    pageSize: parsePageSize(params.get(names.pageSize), config.pageSize, config.pageSizes),
    ordering: parseListOrdering(params.get(names.ordering), config.ordering, config.sortFields),
    filters,
  };
}

/**
 * Writes a change of the view into URL parameters (a copy; other parameters stay). Defaults are
 * left out, so an untouched list has a bare URL. A new search, ordering, page size or filter starts
 * at the first page: the page belongs to them.
 */
export function writeListParams<F>(
  params: URLSearchParams,
  config: ListParamsConfig<F>,
  change: Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<F> },
): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = paramNames(config.prefix);
  const put = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  if (change.search !== undefined) put(names.search, change.search === '' ? null : change.search);
  if (change.ordering !== undefined) put(names.ordering, change.ordering === config.ordering ? null : change.ordering);
  if (change.pageSize !== undefined)
    put(names.pageSize, change.pageSize === config.pageSize ? null : String(change.pageSize));
  for (const key of Object.keys(change.filters ?? {}) as (keyof F & string)[]) {
    const codec = config.filters?.[key];
    if (codec) put(names.name(key), codec.format(change.filters![key] as F[typeof key]));
  }
  put(names.page, change.page ? String(change.page + 1) : null);
  return next;
}

/** Removes every parameter of the list (the toolbar's reset), leaving others. */
export function clearListParams<F>(params: URLSearchParams, config: ListParamsConfig<F>): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = paramNames(config.prefix);
  for (const name of [names.search, names.page, names.pageSize, names.ordering]) next.delete(name);
  for (const key of Object.keys(config.filters ?? {})) next.delete(names.name(key));
  return next;
}
