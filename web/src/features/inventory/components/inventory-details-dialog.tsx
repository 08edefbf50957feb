import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { UNASSIGNED_SKU, type Product } from '@tagtrack/contract';
import { InfoList } from '../../../components/info-list';
import { AttributeFacts, ExpandableDescription } from '../../../shared/catalogue/product-facts';
import { productAttributeRows } from '../../../shared/catalogue/product-display';
import { useInventoryProduct } from '../api/get-product';

/** The facts of the inventory details dialog (01 §2.13). */
export function InventoryDetails({ product }: { product: Product }) {
  const { t } = useTranslation('inventory');
  const attributes = productAttributeRows(product);
  const description = typeof product.metadata.description === 'string' ? product.metadata.description : '';
  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 6 }}>
        <InfoList
          items={[
            { label: t('fieldProductName'), value: product.name, testId: 'inventory-details-name' },
            {
              label: t('fieldCategory'),
              value: product.category__name ?? t('unassignedCategory'),
              testId: 'inventory-details-category',
            },
            {
              label: t('fieldProductCode'),
              value: product.product_code || product.sku,
              testId: 'inventory-details-code',
            },
            {
              label: t('fieldSku'),
              value: product.sku === UNASSIGNED_SKU ? t('unknownSku') : product.sku,
              testId: 'inventory-details-sku',
            },
            {
              label: t('fieldDescription'),
              value: (
                <ExpandableDescription
                  text={description}
                  moreLabel={t('showMore')}
                  lessLabel={t('showLess')}
                  testId="inventory-details-description"
                />
              ),
              testId: 'inventory-details-description',
            },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <AttributeFacts
          attributes={attributes}
          title={t('attributesTitle')}
          emptyText={t('noAttributes')}
          testId="inventory-details"
        />
      </Grid>
    </Grid>
  );
}

/** The inventory details dialog of a product row (the inventory list and the location inventory). */
export function InventoryDetailsDialog({ sku, onClose }: { sku: string; onClose: () => void }) {
  const { t } = useTranslation(['inventory', 'common']);
  const product = useInventoryProduct(sku);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="inventory-details-title">
      <DialogTitle id="inventory-details-title">{t('detailsTitle')}</DialogTitle>
      <DialogContent dividers data-testid="inventory-details">
        {product.data ? (
          <InventoryDetails product={product.data} />
        ) : product.isError ? (
          <Alert severity="error">{t('detailsLoadFailed')}</Alert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress size={28} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button color="inherit" onClick={onClose} data-testid="inventory-details-close">
          {t('common:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
