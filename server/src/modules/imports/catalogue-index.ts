import { IMPORT_PATH_SEPARATOR, type CategoryField, type Encoding } from '@tagtrack/contract';
import type { ImportCategory } from './imports.repository.js';

/** Picks the one candidate whose name matches: exact case first, then regardless of case. */
function pickByName<T extends { name: string }>(candidates: readonly T[], name: string): T | undefined {
  const exact = candidates.filter((c) => c.name === name);
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) return undefined;
  const lower = name.toLowerCase();
  const loose = candidates.filter((c) => c.name.toLowerCase() === lower);
  return loose.length === 1 ? loose[0] : undefined;
}

/**
 * The customer's categories and encodings, read once per import, answering the per-row questions
 * without a query: a category by name or "Parent > Child", an encoding by method name, and the
 * effective encoding of a product.
 */
export class CatalogueIndex {
  private readonly byId = new Map<number, ImportCategory>();
  private readonly roots: ImportCategory[];
  private readonly children = new Map<number, ImportCategory[]>();
  readonly defaultEncoding: Encoding;

  constructor(
    readonly categories: readonly ImportCategory[],
    readonly encodings: readonly Encoding[],
  ) {
    for (const c of categories) {
      this.byId.set(c.id, c);
      if (c.parentId !== null) this.children.set(c.parentId, [...(this.children.get(c.parentId) ?? []), c]);
    }
    this.roots = categories.filter((c) => c.parentId === null);
    const fallback = encodings.find((e) => e.default);
    if (!fallback) throw new Error('the customer has no default encoding');
    this.defaultEncoding = fallback;
  }

  category(id: number | null): ImportCategory | undefined {
    return id === null ? undefined : this.byId.get(id);
  }

  /** The fields of a category (none without one). */
  fields(categoryId: number | null): CategoryField[] {
    return this.category(categoryId)?.fields ?? [];
  }

  /**
   * A category by its name, or "Parent > Child" for a subcategory. A bare name is a top-level
   * category, else the one subcategory of that name; an unknown or ambiguous name is undefined.
   */
  findCategory(text: string): ImportCategory | undefined {
    const parts = text.split(IMPORT_PATH_SEPARATOR.trim()).map((p) => p.trim());
    if (parts.length === 2 && parts[0] && parts[1]) {
      const parent = pickByName(this.roots, parts[0]);
      return parent ? pickByName(this.children.get(parent.id) ?? [], parts[1]) : undefined;
    }
    if (parts.length !== 1) return undefined;
    return (
      pickByName(this.roots, text) ??
      pickByName(
        this.categories.filter((c) => c.parentId !== null),
        text,
      )
    );
  }

  /** An enabled encoding by its method name (NID32, nid64, SGTIN96, LOOKUP…). */
  findEncoding(method: string): Encoding | undefined {
    const upper = method.trim().toUpperCase().replace(/[-\s]/g, '');
    return this.encodings.find((e) => e.method === upper && !e.disabled);
  }

  encoding(id: number): Encoding | undefined {
    return this.encodings.find((e) => e.id === id);
  }

  /**
   * The effective encoding of a product: its own ?? its category's ?? the parent category's ?? the
   * customer's default (the rule of resolveEncoding in the encodings module, answered from memory).
   */
  effectiveEncoding(product: { encodingId: number | null; categoryId: number | null }): Encoding {
    if (product.encodingId !== null) {
      const own = this.encoding(product.encodingId);
      if (own) return own;
    }
    const category = this.category(product.categoryId);
    const inherited =
      category?.encodingId ?? (category?.parentId != null ? this.category(category.parentId)?.encodingId : null);
    return (inherited != null ? this.encoding(inherited) : undefined) ?? this.defaultEncoding;
  }

  /** The names of the attributes of one level over all categories, in first-seen order (template columns). */
  attributeNames(assetData: boolean): string[] {
    const names = new Map<string, string>();
    for (const c of this.categories) {
      for (const f of c.fields) {
        if (f.asset_data === assetData && !names.has(f.name.toLowerCase())) names.set(f.name.toLowerCase(), f.name);
      }
    }
    return [...names.values()];
  }
}
