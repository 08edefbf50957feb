import { useTranslation } from 'react-i18next';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { RowActionMenu, type RowAction } from '../../../components/row-action-menu';

export type InventoryRowAction = 'details' | 'checkTags' | 'checkLocations';

/** What Check Tags and Check Locations receive as navigation state (01 §2.13). */
export interface InventoryNavigationState {
  productName: string;
  productCode: string | null;
  rootLocationId: string | null;
}

export const checkTagsPath = (sku: string) => `/check-tags/${encodeURIComponent(sku)}`;
export const checkLocationsPath = (sku: string) => `/location-items/${encodeURIComponent(sku)}`;
export const locationInventoryPath = (uuid: string) => `/location/inventory/${uuid}`;

/** A product row's menu: View Details, and where `full`, Check Tags and Check Locations. */
export function InventoryRowMenu({
  name,
  full = true,
  onAction,
}: {
  name: string;
  full?: boolean;
  onAction: (action: InventoryRowAction) => void;
}) {
  const { t } = useTranslation('inventory');
  const items: RowAction<InventoryRowAction>[] = [
    { action: 'details', icon: <InfoOutlinedIcon />, label: t('menuViewDetails'), testId: 'inventory-menu-details' },
    ...(full
      ? [
          {
            action: 'checkTags' as const,
            icon: <LocalOfferOutlinedIcon />,
            label: t('menuCheckTags'),
            testId: 'inventory-menu-check-tags',
          },
          {
            action: 'checkLocations' as const,
            icon: <PlaceOutlinedIcon />,
            label: t('menuCheckLocations'),
            testId: 'inventory-menu-check-locations',
          },
        ]
      : []),
  ];
  return (
    <RowActionMenu label={t('rowActions', { name })} testId="inventory-row-menu" items={items} onAction={onAction} />
  );
}
