import { useMemo, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  EpcSchema,
  MAX_PAGE_SIZE,
  SNACKBAR_DURATION_MS,
  UNASSIGNED_SKU,
  itemAttributeIssues,
  type Category,
  type CategoryField,
  type Item,
  type Product,
} from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useEncodings } from '../../../../shared/configuration/get-encodings';
import { useCreateItem } from '../../api/create-item';
import { useDeleteItem } from '../../api/delete-item';
import { useCategoryTree } from '../../api/list-categories';
import { productListQueryOptions } from '../../api/list-products';
import { useUpdateItem } from '../../api/update-item';
import { describeProduct, epcHelper } from '../model/item-form-texts';
import {
  NO_CATEGORY,
  attributesToSend,
  bySku,
  indexCategories,
  initialAttributes,
  isLookupProduct,
  isUnassignedSku,
  itemFields,
  itemFormDefaults,
  itemFormIssues,
  typedAttributes,
  type ItemFormMode,
  type ItemFormValues,
} from '../model/item-form-model';
import { itemServerErrors } from '../model/item-messages';
import { useEpcProduct, type EpcProduct } from './use-epc-product';

/** Attribute values as typed, for the product they were typed for. */
interface AttributeState {
  sku: string;
  values: Record<string, string>;
}

/** The item form's state, as ItemForm and its sections use it. */
export interface ItemFormState {
  form: UseFormReturn<ItemFormValues>;
  /** The watched values the sections show. */
  category: string;
  product: string;
  location: string;
  editing: Item | null;
  /** Whether the selectors choose the product (else it follows from the EPC or the item). */
  choosable: boolean;
  categories: readonly Category[];
  productOptions: Product[];
  productsLoading: boolean;
  chosenProduct: Product | undefined;
  epcProduct: EpcProduct;
  /** The item-level fields of the chosen product's category. */
  fields: CategoryField[];
  attributeValues: Record<string, string>;
  attributeErrors: Record<string, string>;
  setAttribute: (key: string, value: string) => void;
  chooseCategory: (value: string) => void;
  chooseProduct: (value: string) => void;
  /** What the read-only selectors show. */
  shown: { category: string; product: string };
  epcHelperText: string | undefined;
  bannerText: string;
  /** A message key as the console's language says it. */
  message: (text: string | undefined) => string | undefined;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  confirmDelete: boolean;
  setConfirmDelete: (open: boolean) => void;
  removing: boolean;
  confirmRemove: () => Promise<void>;
  busy: boolean;
  /** While the typed EPC is being read, the product (and so the attributes to send) is not known yet. */
  decoding: boolean;
}

/**
 * Add and edit an item (01 §2.11). The product follows from the EPC (decoded as it is typed); the
 * category and product selectors choose only for products whose encoding is lookup. Validated on
 * submit; server field errors land on their fields. Leaving with changes asks first.
 */
export function useItemForm(mode: ItemFormMode, onFinished?: () => void): ItemFormState {
  const { t } = useTranslation(['items', 'common']);
  const validationMessage = useValidationMessage();
  const message = (text: string | undefined) => (text ? validationMessage(text) : undefined);
  const notify = useNotify();
  const encodings = useEncodings();
  const categoryTree = useCategoryTree();
  const create = useCreateItem();
  const update = useUpdateItem();
  const remove = useDeleteItem();
  const editing = mode.kind === 'edit' ? mode.item : null;
  const editProduct = mode.kind === 'edit' ? mode.product : undefined;

  const form = useForm<ItemFormValues>({ defaultValues: itemFormDefaults(mode) });
  const { control, handleSubmit, setError, clearErrors, reset, setValue, formState } = form;
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
    const issues = itemFormIssues(values, { editing, choosable });
    for (const issue of issues) setError(issue.field, { type: 'validate', message: issue.message });
    const typed = typedAttributes(fields, attributeValues);
    const attributeIssues = categoryFields ? itemAttributeIssues(categoryFields, typed) : [];
    if (attributeIssues.length > 0) {
      setAttributeErrors(Object.fromEntries(attributeIssues.map((issue) => [`f${issue.datafield}`, issue.message])));
    }
    if (issues.length > 0 || attributeIssues.length > 0) return;

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
          code: EpcSchema.parse(values.epc),
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

  const bannerText = !editing
    ? t('bannerAdd')
    : !choosable
      ? t('bannerEdit')
      : isUnassignedSku(editing.product__sku)
        ? t('bannerEditUnassigned')
        : t('bannerEditLookup');

  return {
    form,
    category,
    product,
    location,
    editing,
    choosable,
    categories,
    productOptions,
    productsLoading: productQuery.isFetching,
    chosenProduct,
    epcProduct,
    fields,
    attributeValues,
    attributeErrors,
    setAttribute,
    chooseCategory,
    chooseProduct,
    shown: describeProduct(editing, fixedProduct, epcProduct, t),
    epcHelperText: editing ? undefined : epcHelper(epcProduct, choosable, t),
    bannerText,
    message,
    submit,
    confirmDelete,
    setConfirmDelete,
    removing: remove.isPending,
    confirmRemove,
    busy: formState.isSubmitting || remove.isPending,
    decoding: !editing && epcProduct.status === 'pending',
  };
}
