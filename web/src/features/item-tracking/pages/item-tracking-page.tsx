import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import { PageHeader } from '../../../components/page-header';
import { useCanOpen } from '../../../lib/permissions';
import { ASSET_MANAGEMENT_PATH } from '../model/asset-management-path';
import { ItemTable } from '../components/item-table';

/** Item Tracking (`/`, 01 §2.2): every item with its location and status, refreshed at the chosen interval. */
export function ItemTrackingPage() {
  const { t } = useTranslation(['tracking', 'common']);
  const canManage = useCanOpen(ASSET_MANAGEMENT_PATH);
  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: t('common:appName') }]}
        actions={
          canManage && (
            <Button
              component={RouterLink}
              to={ASSET_MANAGEMENT_PATH}
              variant="outlined"
              startIcon={<RestoreFromTrashOutlinedIcon />}
              data-testid="open-asset-management"
            >
              {t('assetManagementTitle')}
            </Button>
          )
        }
      />
      <ItemTable />
    </>
  );
}
