import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Product } from '@tagtrack/contract';
import { InfoList } from '../../../../components/info-list';
import { AttributeFacts, EmptyValue, ExpandableDescription } from '../../../../shared/catalogue/product-facts';
import { useEncodings } from '../../../../shared/configuration/get-encodings';
import { useCategoryTree } from '../../api/list-categories';
import { editProductPath } from '../model/product-paths';
import {
  encodingLabel,
  indexCategories,
  isUnassignedProduct,
  productAttributeRows,
  productEncoding,
} from '../model/product-model';

/** Product Details (01 §2.8): the product's facts, its description and its product-level attributes. */
export function ProductDetailsDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation(['products', 'common']);
  const navigate = useNavigate();
  const encodings = useEncodings().data?.encodings ?? [];
  const tree = useCategoryTree().data?.results;
  const index = useMemo(() => indexCategories(tree ?? []), [tree]);
  const encoding = productEncoding(product, index, encodings);
  const attributes = productAttributeRows(product);
  const description = typeof product.metadata.description === 'string' ? product.metadata.description : '';
  const parentName = product.category__parent !== null ? index.get(product.category__parent)?.category.name : undefined;

  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby="product-details-title">
      <DialogTitle id="product-details-title">{t('detailsTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h2" component="p" data-testid="product-details-name" sx={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Typography>
          {product.metadata.sensor_product === 'true' && (
            <Chip size="small" color="secondary" variant="outlined" label={t('sensorProduct')} />
          )}
        </Box>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="overline" color="text.secondary" component="h3">
              {t('detailsProduct')}
            </Typography>
            <InfoList
              items={[
                {
                  label: t('fieldCategory'),
                  value: product.category__name
                    ? parentName
                      ? `${parentName} › ${product.category__name}`
                      : product.category__name
                    : t('noCategory'),
                  testId: 'product-details-category',
                },
                {
                  label: t('fieldProductCode'),
                  value: product.product_code ?? <EmptyValue />,
                  testId: 'product-details-code',
                },
                { label: t('fieldSku'), value: product.sku, testId: 'product-details-sku' },
                {
                  label: t('fieldEncoding'),
                  value: encoding ? encodingLabel(encoding) : <EmptyValue />,
                  testId: 'product-details-encoding',
                },
                {
                  label: t('fieldDescription'),
                  value: (
                    <ExpandableDescription
                      text={description}
                      moreLabel={t('showMore')}
                      lessLabel={t('showLess')}
                      testId="product-details-description"
                    />
                  ),
                  testId: 'product-details-description',
                },
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <AttributeFacts
              attributes={attributes}
              title={t('attributesTitle')}
              emptyText={t('noAttributes')}
              testId="product-details"
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('common:close')}
        </Button>
        {!isUnassignedProduct(product) && (
          <Button
            variant="contained"
            startIcon={<EditOutlinedIcon />}
            onClick={() => void navigate(editProductPath(product.sku))}
            data-testid="product-details-edit"
          >
            {t('menuEdit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
