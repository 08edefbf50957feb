import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  EpcSchema,
  ITEM_NAME_MAX,
  MAX_PAGE_SIZE,
  SNACKBAR_DURATION_MS,
  UNASSIGNED_SKU,
  itemAttributeIssues,
} from '@tagtrack/contract';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { useEncodings } from '../../../shared/configuration/get-encodings';
import { useCreateItem } from '../api/create-item';
import { useDeleteItem } from '../api/delete-item';
import { useCategoryTree } from '../api/list-categories';
import { productListQueryOptions } from '../api/list-products';
import { useUpdateItem } from '../api/update-item';
import { AttributeValueInput } from '../components/attribute-value-input';
import {
  NO_CATEGORY,
  attributeKey,
  attributesToSend,
  bySku,
  indexCategories,
  initialAttributes,
  inputValue,
  itemFormDefaults,
  isLookupProduct,
  isUnassignedSku,
  itemFields,
  typedAttributes,
  type ItemFormMode,
  type ItemFormValues,
} from './item-form-model';
import { ItemLocationField } from './item-location-field';
import { useWholeLocationTree } from '../../../shared/locations/get-whole-location-tree';
import { ItemProductSelectors } from './item-product-selectors';
import { describeProduct, epcHelper } from './item-form-texts';
import { itemServerErrors } from './item-messages';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { ProductAttributesSection } from './product-attributes-section';
import { useEpcProduct } from './use-epc-product';

interface ItemFormProps {
  mode: ItemFormMode;
  /** Edit: after a save or a delete. */
  onFinished?: () => void;
  onCancel: () => void;
}

/** Attribute values as typed, for the product they were typed for. */
interface AttributeState {
  sku: string;
  values: Record<string, string>;
}

/**
 * Add and edit an item (01 §2.11). The product follows from the EPC (decoded as it is typed); the
 * category and product selectors choose only for products whose encoding is lookup. Validated on
 * submit; server field errors land on their fields.
 */
export function ItemForm({ mode, onFinished, onCancel }: ItemFormProps) {
  const { t } = useTranslation(['items', 'common']);
  const validationMessage = useValidationMessage();
  const message = (text: string | undefined) => (text ? validationMessage(text) : undefined);
  const notify = useNotify();
  const encodings = useEncodings();
  const categoryTree = useCategoryTree();
  const locationTree = useWholeLocationTree();
  const create = useCreateItem();
  const update = useUpdateItem();
  const remove = useDeleteItem();
  const editing = mode.kind === 'edit' ? mode.item : null;
  const editProduct = mode.kind === 'edit' ? mode.product : undefined;

  const { control, register, handleSubmit, setError, clearErrors, reset, setValue, formState } =
    useForm<ItemFormValues>({ defaultValues: itemFormDefaults(mode) });
  const { errors, isSubmitting } = formState;
  const [category, product, epc, location] = useWatch({ control, name: ['category', 'product', 'epc', 'location'] });
  const [attributeState, setAttributeState] = useState<AttributeState | null>(null);
  const [attributeErrors, setAttributeErrors] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);

  const encodingList = encodings.data?.encodings;
  const categories = useMemo(() => categoryTree.data?.results ?? [], [categoryTree.data]);
  const categoryIndex = useMemo(() => indexCategories(categories), [categories]);
  const lookupEnabled = encodingList?.some((e) => e.method === 'LOOKUP' && !e.disabled) ?? false;
  const epcProduct = useEpcProduct(editing ? '' : epc, encodingList);

  // The selectors choose only a product whose encoding is lookup: for an item whose EPC maps to
  // no product (add), or an item of a lookup product or of Unassigned (edit).
  const choosable = editing
    ? editProduct !== undefined &&
      encodingList !== undefined &&
      (isUnassignedSku(editProduct.sku) ? lookupEnabled : isLookupProduct(editProduct, categoryIndex, encodingList))
    : epcProduct.status === 'none' && lookupEnabled;

  const productQuery = useQuery({
    ...productListQueryOptions({
      category: Number(category),
      page_size: MAX_PAGE_SIZE,
      ordering: 'sku',
      exclude_product: UNASSIGNED_SKU,
    }),
    enabled: choosable && category !== '',
  });
  const productOptions = useMemo(() => {
    if (!encodingList) return [];
    const wanted = category === NO_CATEGORY ? null : Number(category);
    return (productQuery.data?.results ?? [])
      .filter((p) => p.category === wanted && isLookupProduct(p, categoryIndex, encodingList))
      .sort(bySku);
  }, [productQuery.data, category, categoryIndex, encodingList]);

  const fixedProduct = editing ? editProduct : epcProduct.status === 'product' ? epcProduct.product : undefined;
  const chosenProduct = choosable
    ? (productOptions.find((p) => p.sku === product) ?? (editProduct?.sku === product ? editProduct : undefined))
    : fixedProduct;
  // Editing: the item's own fields until its product has loaded, so a quick Save keeps its values.
  const categoryFields =
    chosenProduct?.category_fields ?? (editing && !choosable ? editing.category_fields : undefined);
  const fields = itemFields(categoryFields ? { category_fields: categoryFields } : undefined);
  const productSku = chosenProduct?.sku ?? '';
  const ownValues = editing && (productSku === '' || productSku === editing.product__sku) ? editing : undefined;
  const attributeValues =
    attributeState?.sku === productSku ? attributeState.values : initialAttributes(fields, ownValues);
  const setAttribute = (key: string, value: string) => {
    setAttributeState({ sku: productSku, values: { ...attributeValues, [key]: value } });
    if (attributeErrors[key]) setAttributeErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  // Typed attributes live outside the form's own values: either counts as a change to guard.
  const guard = useUnsavedChangesGuard(formState.isDirty || attributeState !== null);
  /** After a save or delete: the changes are done with, nothing to ask. */
  const finish = () => {
    guard.disarm();
    onFinished?.();
  };

  const chooseCategory = (value: string) => {
    setValue('category', value, { shouldDirty: true });
    setValue('product', '', { shouldDirty: true });
    clearErrors(['category', 'product']);
  };
  const chooseProduct = (value: string) => {
    setValue('product', value, { shouldDirty: true });
    clearErrors('product');
  };

  const submit = handleSubmit(async (values) => {
    clearErrors();
    setAttributeErrors({});
    let invalid = false;
    const fail = (name: 'category' | 'product' | 'epc' | 'name', key: string) => {
      setError(name, { type: 'validate', message: key });
      invalid = true;
    };
    const code = EpcSchema.safeParse(values.epc);
    if (!editing && !code.success) fail('epc', code.error.issues[0]?.message ?? 'requiredEpc');
    if (choosable) {
      // Choosing is optional while the item may stay Unassigned; once started, both are needed.
      const needed =
        values.category !== '' || values.product !== '' || (editing !== null && !isUnassignedSku(editing.product__sku));
      if (needed && values.category === '') fail('category', 'requiredCategory');
      if (needed && values.product === '') fail('product', 'requiredProduct');
    }
    if (values.name.trim().length > ITEM_NAME_MAX) fail('name', 'nameMaxLength');
    const typed = typedAttributes(fields, attributeValues);
    const issues = categoryFields ? itemAttributeIssues(categoryFields, typed) : [];
    if (issues.length > 0) {
      setAttributeErrors(Object.fromEntries(issues.map((issue) => [`f${issue.datafield}`, issue.message])));
      invalid = true;
    }
    if (invalid) return;

    const attributes = categoryFields ? attributesToSend(categoryFields, attributeValues) : [];
    const name = values.name.trim();
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          changes: {
            metadata: { ...editing.metadata, name },
            attributes,
            ...(choosable && values.product && values.product !== editing.product__sku
              ? { product__sku: values.product }
              : {}),
            ...(values.location && values.location !== editing.location ? { location: values.location } : {}),
          },
        });
        notify.success(t('notifyUpdated'), { duration: SNACKBAR_DURATION_MS });
        finish();
      } else {
        await create.mutateAsync({
          code: code.data!,
          product__sku: choosable && values.product ? values.product : undefined,
          metadata: name ? { name } : {},
          location: values.location || undefined,
          status: 'in',
          attributes,
        });
        notify.success(t('notifyCreated'), { duration: SNACKBAR_DURATION_MS });
        // Ready for the next item; the location stays, items are often added to one place in a row.
        reset({ ...itemFormDefaults(mode), location: values.location });
        setAttributeState(null);
      }
    } catch (error) {
      const server = itemServerErrors(error, fields);
      for (const [field, text] of Object.entries(server.fields))
        setError(field as 'epc', { type: 'server', message: text });
      setAttributeErrors(server.attributes);
      // A message shown at its field is not repeated in the snackbar; any other detail is.
      const onFields = Object.keys(server.fields).length + Object.keys(server.attributes).length > 0;
      notify.error(editing ? t('notifyUpdateFailed') : t('notifyCreateFailed'), error, { withDetail: !onFields });
    }
  });

  const confirmRemove = async () => {
    if (!editing) return;
    try {
      await remove.mutateAsync(editing.id);
      setConfirmDelete(false);
      notify.success(t('notifyDeleted'), { duration: SNACKBAR_DURATION_MS });
      finish();
    } catch (error) {
      setConfirmDelete(false);
      notify.error(t('notifyDeleteFailed'), error, { withDetail: true });
    }
  };

  const shown = describeProduct(editing, fixedProduct, epcProduct, t);
  const busy = isSubmitting || remove.isPending;
  const bannerText = !editing
    ? t('bannerAdd')
    : !choosable
      ? t('bannerEdit')
      : isUnassignedSku(editing.product__sku)
        ? t('bannerEditUnassigned')
        : t('bannerEditLookup');
  // While the typed EPC is being read, the product (and so the attributes to send) is not known yet.
  const decoding = !editing && epcProduct.status === 'pending';

  return (
    <form onSubmit={submit} noValidate data-testid="item-form">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <Card>
              <CardHeader title={t('detailsTitle')} />
              <CardContent sx={{ pt: 1 }}>
                <Stack spacing={2.5}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <ItemProductSelectors
                      choosable={choosable}
                      categories={categories}
                      products={productOptions}
                      productsLoading={productQuery.isFetching}
                      category={category}
                      product={product}
                      onCategory={chooseCategory}
                      onProduct={chooseProduct}
                      categoryText={shown.category}
                      productText={shown.product}
                      categoryError={message(errors.category?.message)}
                      productError={message(errors.product?.message)}
                    />
                  </Stack>
                  <Alert severity="info" data-testid="item-banner">
                    {bannerText}
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
                    helperText={
                      errors.epc
                        ? message(errors.epc.message)
                        : editing
                          ? undefined
                          : epcHelper(epcProduct, choosable, t)
                    }
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
                          onChange={(value) => setAttribute(attributeKey(field), value)}
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
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card>
            <CardHeader title={t('location')} />
            <CardContent sx={{ pt: 1 }}>
              <ItemLocationField
                tree={locationTree.data}
                value={location}
                onChange={(uuid) => {
                  setValue('location', uuid);
                  clearErrors('location');
                }}
                error={message(errors.location?.message)}
              />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, alignItems: 'center' }}>
        {editing && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => setConfirmDelete(true)}
            disabled={busy}
            data-testid="item-delete"
          >
            {t('delete')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" onClick={onCancel} disabled={busy} data-testid="item-cancel">
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={isSubmitting}
          disabled={busy || decoding}
          data-testid="item-save"
        >
          {t('common:save')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setConfirmDelete(false)}
      >
        {t('deleteText', { code: editing?.code ?? '' })}
      </ConfirmDialog>
    </form>
  );
}
