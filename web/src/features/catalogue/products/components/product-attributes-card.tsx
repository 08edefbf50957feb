import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { CategoryField } from '@tagtrack/contract';
import { AttributeValueInput } from '../../components/attribute-value-input';
import { attributeInputValue } from '../model/product-model';
import { NO_CATEGORY, attributeKey, type ProductFormValues } from '../model/product-form-model';
import { useValidationMessage } from '../../../../lib/use-validation-message';

/** The value inputs of the chosen category's product-level attributes, or why there are none. */
export function ProductAttributesCard({
  control,
  fields,
  category,
  errors,
  onEdited,
}: {
  control: Control<ProductFormValues>;
  fields: readonly CategoryField[];
  /** The category select's value ('' none chosen yet, NO_CATEGORY for None). */
  category: string;
  errors: FieldErrors<ProductFormValues>['attributes'];
  /** An attribute's input changed (its message goes). */
  onEdited: (key: string) => void;
}) {
  const { t } = useTranslation('products');
  const formMessage = useValidationMessage();
  return (
    <Card data-testid="product-attributes">
      <CardHeader title={t('attributesTitle')} subheader={t('attributesHint')} />
      <CardContent>
        {fields.length > 0 ? (
          <Grid container spacing={2.5}>
            {fields.map((field) => {
              const key = attributeKey(field.id);
              return (
                <Grid key={field.id} size={{ xs: 12, md: 6 }}>
                  <Controller
                    control={control}
                    name={`attributes.${key}`}
                    render={({ field: input }) => (
                      <AttributeValueInput
                        field={field}
                        value={input.value ?? ''}
                        fixedValue={attributeInputValue(field.type, field.fixed_value)}
                        onChange={(value) => {
                          input.onChange(value);
                          onEdited(key);
                        }}
                        error={formMessage(errors?.[key]?.message) || undefined}
                        testId={`product-attribute-${field.id}`}
                        labels={{ fixed: t('attributeFixed'), noValue: t('attributeNoValue') }}
                      />
                    )}
                  />
                </Grid>
              );
            })}
          </Grid>
        ) : (
          <Typography color="text.secondary" variant="body2" data-testid="product-no-attributes">
            {category === ''
              ? t('attributesChooseCategory')
              : category === NO_CATEGORY
                ? t('attributesNoCategory')
                : t('attributesNone')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
