import { IMPORT_PATH_SEPARATOR } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import {
  findLocationsByName,
  findLocationsByUuid,
  findSpecialRoots,
  type ImportLocationRef,
} from './imports.repository.js';
import { isUuid } from '../../lib/query-params.js';

const keyOf = (text: string) => (isUuid(text) ? text.toLowerCase() : text);

export type LocationAnswer = { uuid: string } | { error: 'invalidLocation' | 'removedLocation' };

export function pathSegments(text: string): string[] {
  return text.split(IMPORT_PATH_SEPARATOR.trim()).map((s) => s.trim());
}

/**
 * Finds the location of an import row: empty → the Unassigned root; a uuid; or a path of names
 * from a root, "Site > Building > Zone" (names as written, exactly). A path that leads nowhere,
 * or to two locations (siblings of the same name), is 'invalidLocation'; the Removed root is
 * refused. `prepare` resolves a whole batch's texts with at most two queries, and answers are kept
 * for the rest of the file (an import usually names few locations many times).
 */
export class LocationResolver {
  private readonly answers = new Map<string, LocationAnswer>();

  private constructor(
    private readonly tenant: TenantScope,
    private readonly unassigned: string,
  ) {}

  static async create(tenant: TenantScope): Promise<LocationResolver> {
    const roots = await findSpecialRoots(tenant);
    const unassigned = roots.find((r) => r.special === 'unassigned');
    if (!unassigned) throw new Error('the customer has no Unassigned root');
    return new LocationResolver(tenant, unassigned.uuid);
  }

  private static answerFor(location: ImportLocationRef | undefined): LocationAnswer {
    if (!location) return { error: 'invalidLocation' };
    if (location.special === 'removed') return { error: 'removedLocation' };
    return { uuid: location.uuid };
  }

  async prepare(texts: Iterable<string>): Promise<void> {
    const uuids = new Set<string>();
    const paths = new Set<string>();
    for (const text of texts) {
      if (text === '' || this.answers.has(keyOf(text))) continue;
      if (isUuid(text)) uuids.add(keyOf(text));
      else paths.add(text);
    }
    if (uuids.size > 0) {
      const found = new Map((await findLocationsByUuid(this.tenant, [...uuids])).map((l) => [l.uuid, l]));
      for (const text of uuids) this.answers.set(text, LocationResolver.answerFor(found.get(text)));
    }
    if (paths.size > 0) {
      const names = new Set([...paths].flatMap(pathSegments).filter(Boolean));
      const index = byParentAndName(await findLocationsByName(this.tenant, [...names]));
      for (const text of paths) this.answers.set(text, LocationResolver.answerFor(walk(index, text)));
    }
  }

  /** The answer for a text (after prepare). */
  resolve(text: string): LocationAnswer {
    if (text === '') return { uuid: this.unassigned };
    return this.answers.get(keyOf(text)) ?? { error: 'invalidLocation' };
  }
}

/** The candidates by parent and name, so a path is followed with a lookup per level. */
function byParentAndName(candidates: readonly ImportLocationRef[]): Map<string, ImportLocationRef[]> {
  const map = new Map<string, ImportLocationRef[]>();
  for (const c of candidates) {
    const key = `${c.parentUuid ?? ''}/${c.name}`;
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  }
  return map;
}

/** Follows a path through the candidate locations: one match at the end, or nothing. */
function walk(index: ReadonlyMap<string, ImportLocationRef[]>, text: string): ImportLocationRef | undefined {
  const segments = pathSegments(text);
  if (segments.some((s) => s === '')) return undefined;
  let level = index.get(`/${segments[0]}`) ?? [];
  for (const name of segments.slice(1)) level = level.flatMap((l) => index.get(`${l.uuid}/${name}`) ?? []);
  return level.length === 1 ? level[0] : undefined;
}
