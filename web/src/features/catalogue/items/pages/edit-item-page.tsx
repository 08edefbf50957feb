import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { EmptyState } from '../../../../components/empty-state';
import { useNotify } from '../../../../components/feedback/use-notify';
import { PageHeader } from '../../../../components/page-header';
import { isApiError } from '../../../../lib/api-client';
import { returnPath } from '../../../../lib/list-views';
import { useItem } from '../../api/get-item';
import { useProduct } from '../../api/get-product';
import { ItemForm } from '../components/item-form';

/**
 * /asset/modify-asset/:id/:sku: edit an item; back to the item list it came from (/ by default), as
 * it was left, after a save, a delete or Cancel (01 §2.11).
 */
export function EditItemPage() {
  const { t } = useTranslation(['items', 'menu']);
  const navigate = useNavigate();
  const notify = useNotify();
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const item = useItem(id, { enabled: validId });
  // The SKU in the path lets the product load alongside the item; the item's own SKU wins.
  const product = useProduct(item.data?.product__sku ?? params.sku);
  const notFound = !validId || (isApiError(item.error) && item.error.status === 404);
  const back = returnPath(useLocation().state, '/');
  const home = () => void navigate(back);

  useEffect(() => {
    if (item.error && !notFound) notify.error(t('loadFailed'), item.error);
  }, [item.error, notFound, notify, t]);

  const header = <PageHeader title={t('editTitle')} breadcrumbs={[{ label: t('menu:itemTracking'), to: '/' }]} />;
  if (notFound || item.isError) {
    return (
      <>
        {header}
        <Box sx={{ py: 8 }}>
          <EmptyState icon={<SellOutlinedIcon />} title={t('notFound')} text={t('notFoundText')} />
          <Box sx={{ textAlign: 'center', mt: 3 }}>
            <Button variant="contained" onClick={home}>
              {t('backHome')}
            </Button>
          </Box>
        </Box>
      </>
    );
  }
  if (!item.data) {
    return (
      <>
        {header}
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      </>
    );
  }
  return (
    <>
      {header}
      <ItemForm
        key={item.data.id}
        mode={{ kind: 'edit', item: item.data, product: product.data }}
        onFinished={home}
        onCancel={home}
      />
    </>
  );
}
