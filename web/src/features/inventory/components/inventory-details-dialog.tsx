import { useState } from 'react';
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
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { UNASSIGNED_SKU, type Product } from '@tagtrack/contract';
import { InfoList } from '../../../components/info-list';
import { DESCRIPTION_PREVIEW_CHARS, productAttributeRows, truncateDescription } from '../../../lib/product-display';
import { useInventoryProduct } from '../api/get-product';

function Empty() {
  return (
    <Box component="span" sx={{ color: 'text.disabled', fontWeight: 400 }}>
      —
    </Box>
  );
}

function Description({ text }: { text: string }) {
  const { t } = useTranslation('inventory');
  const [expanded, setExpanded] = useState(false);
  if (!text) return <Empty />;
  const long = text.length > DESCRIPTION_PREVIEW_CHARS;
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <span data-testid="inventory-details-description-text">{expanded ? text : truncateDescription(text)}</span>
      {long && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setExpanded(!expanded)}
            sx={{ verticalAlign: 'baseline', fontWeight: 600 }}
            data-testid="inventory-details-description-toggle"
          >
            {expanded ? t('showLess') : t('showMore')}
          </Link>
        </>
      )}
    </Box>
  );
}

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
              value: <Description text={description} />,
              testId: 'inventory-details-description',
            },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="overline" color="text.secondary" component="h3">
          {t('attributesTitle')}
        </Typography>
        {attributes.length > 0 ? (
          <Box data-testid="inventory-details-attributes">
            <InfoList
              items={attributes.map((a) => ({
                label: a.name,
                value: a.value || <Empty />,
                testId: `inventory-details-attribute-${a.id}`,
              }))}
            />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1.25 }}>
            {t('noAttributes')}
          </Typography>
        )}
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
