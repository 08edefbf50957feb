import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { FormSection } from '../../../../components/form-section';
import { ProductMultiSelect } from '../../../../shared/catalogue/product-multi-select';
import { usePickerProducts } from '../../../../shared/catalogue/picker-queries';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import type { EventFormValues } from '../../model/event-form';

/** The sensor products whose measurements the event watches: at least one (03 §5). */
export function EventProductsSection({ control }: { control: Control<EventFormValues> }) {
  const { t } = useTranslation('events');
  const message = useValidationMessage();
  const products = usePickerProducts({ sensorOnly: true });
  const none = products.isSuccess && products.data.length === 0;
  return (
    <FormSection title={t('sectionProducts')} testId="event-products-section">
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {t('productsHint')}
      </Typography>
      <Controller
        control={control}
        name="products"
        render={({ field, fieldState }) => (
          <ProductMultiSelect
            sensorOnly
            by="id"
            size="medium"
            required
            label={t('fieldProducts')}
            value={field.value.map(String)}
            onChange={(ids) => field.onChange(ids.map(Number))}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? message(fieldState.error.message) : none ? t('noSensorProducts') : undefined}
            testId="event-products"
          />
        )}
      />
    </FormSection>
  );
}
