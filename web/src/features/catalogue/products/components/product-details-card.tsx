import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import type { Category } from '@tagtrack/contract';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { encodingLabel } from '../model/product-model';
import { CategorySelect } from './category-select';
import type { ProductFormState } from './use-product-form';

interface ProductDetailsCardProps {
  state: ProductFormState;
  /** Top-level categories with their subcategories. */
  tree: readonly Category[];
  /** The subscription has the sensor extension: the sensor-product toggle shows. */
  sensor: boolean;
}

/**
 * The product's own fields: the sensor toggle, category, name, encoding, SKU (with Generate when
 * adding), product code and description; the inventory variant has only category, name and SKU.
 */
export function ProductDetailsCard({ state, tree, sensor }: ProductDetailsCardProps) {
  const { t } = useTranslation(['products', 'common']);
  const formMessage = useValidationMessage();
  const { control, register, clearErrors, formState } = state.form;
  const { errors } = formState;
  const { values, editing, inventory, encoding, encodingOptions } = state;

  return (
    <Card>
      <CardHeader title={t('sectionProduct')} subheader={inventory ? t('sectionProductInventoryHint') : undefined} />
      <CardContent>
        <Grid container spacing={2.5}>
          {sensor && !inventory && (
            <Grid size={12}>
              <Controller
                control={control}
                name="sensorProduct"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        slotProps={{ input: { 'data-testid': 'product-sensor-toggle' } as object }}
                      />
                    }
                    label={t('fieldSensorProduct')}
                  />
                )}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <CategorySelect
              label={t('fieldCategory')}
              required
              tree={tree}
              value={values.category}
              onChange={state.changeCategory}
              error={Boolean(errors.category)}
              helperText={formMessage(errors.category?.message) || undefined}
              testId="product-category"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('fieldName')}
              required
              {...register('name', { onChange: () => clearErrors('name') })}
              error={Boolean(errors.name)}
              helperText={formMessage(errors.name?.message) || undefined}
              slotProps={{ htmlInput: { 'data-testid': 'product-name' } }}
            />
          </Grid>
          {!inventory && (
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                select
                label={t('fieldEncoding')}
                value={encodingOptions.some((e) => String(e.id) === values.encoding) ? values.encoding : ''}
                onChange={(event) => state.changeEncoding(event.target.value)}
                helperText={t('fieldEncodingHelp')}
                slotProps={{ htmlInput: { 'data-testid': 'product-encoding' } }}
              >
                {encodingOptions.map((e) => (
                  <MenuItem key={e.id} value={String(e.id)} disabled={e.disabled}>
                    {encodingLabel(e)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('fieldSku')}
                required
                disabled={Boolean(editing)}
                {...register('sku', { onChange: () => clearErrors('sku') })}
                // Generate sets the value from outside the input: the label must know it is filled.
                slotProps={{
                  htmlInput: { 'data-testid': 'product-sku', spellCheck: false },
                  inputLabel: values.sku !== '' ? { shrink: true } : undefined,
                }}
                error={Boolean(errors.sku)}
                helperText={
                  formMessage(errors.sku?.message) ||
                  (inventory && encoding ? t('skuEncodingHint', { method: encodingLabel(encoding) }) : undefined)
                }
              />
              {!editing && (
                <Button
                  variant="outlined"
                  startIcon={<AutorenewIcon />}
                  onClick={() => void state.generateSku()}
                  loading={state.generating}
                  loadingPosition="start"
                  data-testid="product-generate-sku"
                  sx={{ flexShrink: 0, height: 56 }}
                >
                  {t('generateSku')}
                </Button>
              )}
            </Stack>
          </Grid>
          {!inventory && (
            <>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  label={t('fieldProductCode')}
                  {...register('productCode', { onChange: () => clearErrors('productCode') })}
                  error={Boolean(errors.productCode)}
                  helperText={formMessage(errors.productCode?.message) || undefined}
                  slotProps={{ htmlInput: { 'data-testid': 'product-code' } }}
                />
              </Grid>
              <Grid size={12}>
                <TextField
                  label={t('fieldDescription')}
                  multiline
                  minRows={3}
                  maxRows={10}
                  {...register('description', { onChange: () => clearErrors('description') })}
                  error={Boolean(errors.description)}
                  helperText={formMessage(errors.description?.message) || undefined}
                  slotProps={{ htmlInput: { 'data-testid': 'product-description' } }}
                />
              </Grid>
            </>
          )}
        </Grid>
      </CardContent>
    </Card>
  );
}
