import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Product } from '@tagtrack/contract';
import { productAttributeRows } from '../model/item-form-model';

/** The read-only product attributes of the item's product, or 'No attribute defined for this product'. */
export function ProductAttributesSection({ product }: { product: Product | undefined }) {
  const { t } = useTranslation('items');
  const rows = product ? productAttributeRows(product) : [];
  return (
    <Box data-testid="item-product-attributes">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('productAttributes')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="item-product-attributes-empty">
          {t('noProductAttributes')}
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
            columnGap: 3,
            rowGap: 1,
          }}
        >
          {rows.map(({ field, text }) => (
            <Box key={field.id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {field.name}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {text || '–'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
