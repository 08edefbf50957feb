import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ITEM_NAME_MAX } from '@tagtrack/contract';
import { ItemProductSelectors } from './item-product-selectors';
import type { ItemFormState } from './use-item-form';

/** The item's details: its category and product (chosen or shown), the banner, the name and the EPC. */
export function ItemDetailsCard({ state }: { state: ItemFormState }) {
  const { t } = useTranslation(['items', 'common']);
  const { register, formState } = state.form;
  const { errors } = formState;
  const { message, editing } = state;

  return (
    <Card>
      <CardHeader title={t('detailsTitle')} />
      <CardContent sx={{ pt: 1 }}>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ItemProductSelectors
              choosable={state.choosable}
              categories={state.categories}
              products={state.productOptions}
              productsLoading={state.productsLoading}
              category={state.category}
              product={state.product}
              onCategory={state.chooseCategory}
              onProduct={state.chooseProduct}
              categoryText={state.shown.category}
              productText={state.shown.product}
              categoryError={message(errors.category?.message)}
              productError={message(errors.product?.message)}
            />
          </Stack>
          <Alert severity="info" data-testid="item-banner">
            {state.bannerText}
          </Alert>
          <TextField
            label={t('name')}
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={message(errors.name?.message)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: ITEM_NAME_MAX, 'data-testid': 'item-name' } }}
          />
          <TextField
            label={t('epc')}
            required
            disabled={editing !== null}
            {...register('epc')}
            error={Boolean(errors.epc)}
            helperText={errors.epc ? message(errors.epc.message) : state.epcHelperText}
            fullWidth
            slotProps={{
              htmlInput: {
                'data-testid': 'item-epc',
                spellCheck: false,
                autoComplete: 'off',
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
              },
              formHelperText: { 'data-testid': 'item-epc-helper' } as object,
            }}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
