import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Location, LocationSpecial } from '@tagtrack/contract';

/** The i18n keys (common) of the system roots every customer has (01 §3): named by the server in English. */
const SPECIAL_NAME_KEYS = {
  removed: 'locationRemoved',
  unassigned: 'locationUnassigned',
} as const satisfies Record<NonNullable<LocationSpecial>, string>;

/** The name of a location as the console shows it: a system root by its translated name. */
export function specialLocationName(special: LocationSpecial, name: string, t: TFunction<'common'>): string {
  return special ? t(SPECIAL_NAME_KEYS[special]) : name;
}

/**
 * The tree with its system roots named in the interface language. They are recognised by the
 * server's `special` flag, never by their name, so a user's own location called "Removed" stays so.
 * The system roots are always roots; every other node is returned as it came.
 */
export function localizeLocationTree(roots: Location[], t: TFunction<'common'>): Location[] {
  return roots.map((root) =>
    root.special ? { ...root, name: specialLocationName(root.special, root.name, t) } : root,
  );
}

/** A `select` for location tree queries that names the system roots in the current language. */
export function useLocalizeLocationTree() {
  const { t } = useTranslation('common', { useSuspense: false });
  return useCallback((roots: Location[]) => localizeLocationTree(roots, t), [t]);
}
