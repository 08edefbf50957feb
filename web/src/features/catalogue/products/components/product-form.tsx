import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
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
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  SNACKBAR_DURATION_MS,
  type Category,
  type CategoryField,
  type Encoding,
  type Product,
} from '@tagtrack/contract';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useCreateProduct } from '../../api/create-product';
import { useDeleteProduct } from '../../api/delete-product';
import { useGenerateSku } from '../../api/generate-sku';
import { useUpdateProduct } from '../../api/update-product';
import {
  categoryIdOf,
  createPayload,
  defaultAttributeInputs,
  editSaveDisabled,
  emptyProductForm,
  formChanged,
  productFields,
  productFormValues,
  updatePayload,
  validateProductForm,
  type ProductFormValues,
  type ProductFormVariant,
} from '../product-form-model';
import { categoryEncoding, defaultEncoding, encodingLabel, indexCategories, productEncoding } from '../product-model';
import { serverFieldErrors, toFieldErrors } from '../product-form-errors';
import { PRODUCT_PATHS } from '../product-paths';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { CategorySelect } from './category-select';
import { ProductAttributesCard } from './product-attributes-card';

export type ProductFormMode = { kind: 'add'; variant: ProductFormVariant } | { kind: 'edit'; product: Product };

interface ProductFormProps {
  mode: ProductFormMode;
  /** Top-level categories with their subcategories. */
  tree: readonly Category[];
  encodings: readonly Encoding[];
  /** The subscription has the sensor extension: the sensor-product toggle shows. */
  sensor: boolean;
}

type Question = 'save' | 'delete' | null;

/**
 * The product form (01 §2.9–2.10): add in the catalogue (every field) or inventory variant
 * (category, name, SKU, attributes), and edit (SKU disabled, Save only when something changed and
 * the SKU suits the encoding, Delete). Rules run on submit with the contract's schema, skuError and
 * the attribute rules; picking an encoding re-checks the SKU.
 */
export function ProductForm({ mode, tree, encodings, sensor }: ProductFormProps) {
  const { t } = useTranslation(['products', 'common']);
  const formMessage = useValidationMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const generate = useGenerateSku();
  const [question, setQuestion] = useState<Question>(null);
  const index = useMemo(() => indexCategories(tree), [tree]);
  const editing = mode.kind === 'edit' ? mode.product : null;
  const variant: ProductFormVariant = mode.kind === 'edit' ? 'catalogue' : mode.variant;
  const inventory = variant === 'inventory';
  const backTo = inventory ? PRODUCT_PATHS.inventory : PRODUCT_PATHS.list;

  // The form's starting point, computed once: later loads must not move it.
  const [initial] = useState<ProductFormValues>(() =>
    editing
      ? productFormValues(editing, productEncoding(editing, index, encodings)?.id)
      : emptyProductForm(defaultEncoding(encodings)?.id),
  );

  const fieldsOf = useCallback(
    (category: string): readonly CategoryField[] => {
      const id = categoryIdOf({ category });
      if (id === null) return [];
      return index.get(id)?.category.fields ?? (editing?.category === id ? editing.category_fields : []);
    },
    [index, editing],
  );
  const encodingOf = useCallback(
    (values: Pick<ProductFormValues, 'category' | 'encoding'>) =>
      inventory
        ? categoryEncoding(categoryIdOf(values), index, encodings)
        : encodings.find((e) => String(e.id) === values.encoding),
    [inventory, index, encodings],
  );

  const resolver = useCallback<Resolver<ProductFormValues>>(
    (values) => {
      const errors = validateProductForm(values, { fields: fieldsOf(values.category), encoding: encodingOf(values) });
      return Object.keys(errors).length > 0 ? { values: {}, errors: toFieldErrors(errors) } : { values, errors: {} };
    },
    [fieldsOf, encodingOf],
  );

  const { control, register, handleSubmit, setValue, getValues, setError, clearErrors, trigger, formState } =
    // Rules run on submit only; a field's message goes once the field is edited.
    useForm<ProductFormValues>({ defaultValues: initial, resolver, reValidateMode: 'onSubmit' });
  const { errors, isSubmitting } = formState;
  const values = { ...initial, ...useWatch({ control }) } as ProductFormValues;
  const fields = productFields(fieldsOf(values.category));
  const encoding = encodingOf(values);
  const changed = formChanged(values, initial);
  const busy = isSubmitting || create.isPending || update.isPending || remove.isPending;
  const encodingOptions = encodings.filter((e) => !e.disabled || String(e.id) === values.encoding);

  const changeEncoding = (value: string) => {
    setValue('encoding', value, { shouldDirty: true });
    // Picking an encoding re-checks the SKU against it (01 §4).
    if (getValues('sku').trim() !== '') void trigger('sku');
  };

  const changeCategory = (value: string) => {
    setValue('category', value, { shouldDirty: true });
    clearErrors('category');
    const id = categoryIdOf({ category: value });
    // Back to the product's own category: its stored values return.
    const attributes =
      editing && id !== null && editing.category === id
        ? productFormValues(editing, undefined).attributes
        : defaultAttributeInputs(fieldsOf(value));
    setValue('attributes', attributes, { shouldDirty: true });
    clearErrors('attributes');
    if (!inventory) {
      const next = categoryEncoding(id, index, encodings);
      if (next && String(next.id) !== getValues('encoding')) changeEncoding(String(next.id));
    }
  };

  const generateSku = async () => {
    try {
      const sku = await generate.mutateAsync({
        encoding: inventory ? null : values.encoding ? Number(values.encoding) : null,
        category: categoryIdOf(values),
      });
      setValue('sku', sku, { shouldDirty: true });
      clearErrors('sku');
      notify.success(t('notifySkuGenerated'));
    } catch (error) {
      notify.error(t('notifySkuFailed'), error);
    }
  };

  /** Field messages of a refused save go to their fields; answers whether there were any. */
  const showServerErrors = (error: unknown): boolean => {
    const fieldErrors = serverFieldErrors(error);
    for (const [field, message] of Object.entries(fieldErrors)) {
      setError(field as keyof ProductFormValues, { type: 'server', message });
    }
    return Object.keys(fieldErrors).length > 0;
  };

  // The leave confirmation (01 §2.9, Yes leaves, No stays) guards every way out, not only Cancel.
  const guard = useUnsavedChangesGuard(changed, {
    title: t('leaveTitle'),
    body: editing ? t('leaveEditText') : t('leaveText'),
    confirmLabel: t('yes'),
    cancelLabel: t('no'),
    testId: 'product-leave-dialog',
  });
  /** After a save or delete: the changes are done with, nothing to ask. */
  const leaveDone = (to: string) => {
    guard.disarm();
    void navigate(to);
  };

  const createProduct = async (form: ProductFormValues) => {
    try {
      await create.mutateAsync(createPayload(form, fieldsOf(form.category), variant));
      notify.success(t('notifyCreated'), { duration: SNACKBAR_DURATION_MS });
      leaveDone(backTo);
    } catch (error) {
      // Any other detail (a list: its first entry, or a text) follows the message (01 §8).
      if (!showServerErrors(error)) {
        notify.error(inventory ? t('notifyAddFailed') : t('notifyCreateFailed'), error, { withDetail: true });
      }
    }
  };

  const saveProduct = async () => {
    if (!editing) return;
    const form = getValues();
    try {
      await update.mutateAsync({ sku: editing.sku, changes: updatePayload(form, fieldsOf(form.category), editing) });
      notify.success(t('notifyUpdated'));
      leaveDone(PRODUCT_PATHS.list);
    } catch (error) {
      setQuestion(null);
      // The spec has the create message for a failed update too (01 §8).
      if (!showServerErrors(error)) notify.error(t('notifyCreateFailed'), error, { withDetail: true });
    }
  };

  const deleteProduct = async () => {
    if (!editing) return;
    try {
      await remove.mutateAsync(editing.sku);
      notify.success(t('notifyDeleted', { name: editing.name }));
      leaveDone(PRODUCT_PATHS.list);
    } catch (error) {
      setQuestion(null);
      notify.error(t('notifyDeleteFailed'), error, { withDetail: true });
    }
  };

  const submit = handleSubmit(async (form) => {
    if (editing) setQuestion('save');
    else await createProduct(form);
  });

  const cancel = () => void navigate(editing ? PRODUCT_PATHS.list : backTo);

  const saveDisabled = editing ? editSaveDisabled(values, initial, encoding) : false;

  return (
    <form onSubmit={submit} noValidate data-testid="product-form">
      <Stack spacing={3}>
        <Card>
          <CardHeader
            title={t('sectionProduct')}
            subheader={inventory ? t('sectionProductInventoryHint') : undefined}
          />
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
                  onChange={changeCategory}
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
                    onChange={(event) => changeEncoding(event.target.value)}
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
                      onClick={() => void generateSku()}
                      loading={generate.isPending}
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

        <ProductAttributesCard
          control={control}
          fields={fields}
          category={values.category}
          errors={errors.attributes}
          onEdited={(key) => clearErrors(`attributes.${key}`)}
        />

        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {editing && (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => setQuestion('delete')}
              disabled={busy}
              data-testid="product-delete"
            >
              {t('deleteProduct')}
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button color="inherit" onClick={cancel} disabled={busy} data-testid="product-cancel">
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saveDisabled}
            loading={busy && question === null}
            data-testid="product-save"
          >
            {t('common:save')}
          </Button>
        </Stack>
      </Stack>

      <ConfirmDialog
        open={question === 'save'}
        title={t('saveTitle')}
        confirmLabel={t('yes')}
        cancelLabel={t('no')}
        destructive={false}
        busy={update.isPending}
        onConfirm={() => void saveProduct()}
        onClose={() => setQuestion(null)}
        testId="product-save-dialog"
      >
        {t('saveText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={question === 'delete'}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        cancelLabel={t('no')}
        destructive
        busy={remove.isPending}
        onConfirm={() => void deleteProduct()}
        onClose={() => setQuestion(null)}
        testId="product-delete-dialog"
      >
        {t('deleteText', { name: editing?.name ?? '' })}
        <Box component="span" sx={{ display: 'block', mt: 1.5, fontWeight: 600 }} data-testid="product-delete-items">
          {t('deleteItems', { items: editing?.item_count ?? 0 })}
        </Box>
      </ConfirmDialog>
    </form>
  );
}
