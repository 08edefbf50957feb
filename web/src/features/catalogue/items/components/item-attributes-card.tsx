import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { AttributeValueInput } from '../../components/attribute-value-input';
import { attributeKey, inputValue } from '../model/item-form-model';
import { ProductAttributesSection } from './product-attributes-section';
import type { ItemFormState } from './use-item-form';

/** The item's own attributes (typed here) and its product's (read-only). */
export function ItemAttributesCard({ state }: { state: ItemFormState }) {
  const { t } = useTranslation(['items', 'common']);
  const { fields, chosenProduct, attributeValues, attributeErrors, message } = state;

  return (
    <Card>
      <CardHeader title={t('attributesTitle')} />
      <CardContent sx={{ pt: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
          {t('itemAttributes')}
        </Typography>
        {fields.length === 0 ? (
          <Box sx={{ color: 'text.secondary', typography: 'body2' }} data-testid="item-attributes-empty">
            {chosenProduct ? t('noItemAttributes') : t('attributesAfterProduct')}
          </Box>
        ) : (
          <Grid container spacing={2}>
            {fields.map((field) => (
              <Grid key={field.id} size={{ xs: 12, sm: 6 }}>
                <AttributeValueInput
                  field={field}
                  value={attributeValues[attributeKey(field)] ?? ''}
                  fixedValue={inputValue(field, field.fixed_value)}
                  onChange={(value) => state.setAttribute(attributeKey(field), value)}
                  error={message(attributeErrors[attributeKey(field)])}
                  testId={`item-attribute-${attributeKey(field)}`}
                  labels={{ fixed: t('attributeFixed'), noValue: t('attributeNoValue') }}
                  fullWidth
                />
              </Grid>
            ))}
          </Grid>
        )}
        <Divider sx={{ my: 2.5 }} />
        <ProductAttributesSection product={chosenProduct} />
      </CardContent>
    </Card>
  );
}
