import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteExists } from '../../hooks/use-route-exists';
import type { LocationOption } from './location-options';

/** Where a marked location leads: the item list, filtered to what is in that location. */
export interface ItemListLink {
  to: string;
  state: { locationName: string; locationId: string; status: string[] };
  label: string;
}

const ITEM_LIST = '/';

/**
 * The link from a marked location to the item list at '/' with the location and status 'in'
 * (spec 03 §2), or null while that screen does not exist in this console.
 */
export function useItemListLink(): (location: LocationOption) => ItemListLink | null {
  const { t } = useTranslation('locationFiles');
  const routeExists = useRouteExists();
  const exists = routeExists(ITEM_LIST);
  return useCallback(
    (location: LocationOption) =>
      exists
        ? {
            to: ITEM_LIST,
            state: { locationName: location.name, locationId: location.uuid, status: ['in'] },
            label: t('showItems', { name: location.name }),
          }
        : null,
    [exists, t],
  );
}
