import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteExists } from '../use-route-exists';
import type { LocationOption } from '../../model/location-options';

/** Where a marked location leads: the item list, filtered to what is in that location. */
export interface ItemListLink {
  to: string;
  state: { locationName: string };
  label: string;
}

const ITEM_LIST = '/';

/** The item list filtered to what is in a location: its filters are URL parameters. */
export function itemsInLocationPath(uuid: string): string {
  return `${ITEM_LIST}?${new URLSearchParams({ location: uuid, status: 'in' }).toString()}`;
}

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
            to: itemsInLocationPath(location.uuid),
            state: { locationName: location.name },
            label: t('showItems', { name: location.name }),
          }
        : null,
    [exists, t],
  );
}
