import { useCallback, useMemo, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  SNACKBAR_DURATION_MS,
  type Category,
  type CategoryField,
  type Encoding,
  type Product,
} from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { useCreateProduct } from '../../api/create-product';
import { useDeleteProduct } from '../../api/delete-product';
import { useGenerateSku } from '../../api/generate-sku';
import { useUpdateProduct } from '../../api/update-product';
import { serverFieldErrors, toFieldErrors } from '../model/product-form-errors';
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
  type ProductFormMode,
  type ProductFormValues,
  type ProductFormVariant,
} from '../model/product-form-model';
import { categoryEncoding, defaultEncoding, indexCategories, productEncoding } from '../model/product-model';
import { PRODUCT_PATHS } from '../model/product-paths';

/** The question a dialog asks: confirm the save (edit), confirm the delete. */
export type ProductFormQuestion = 'save' | 'delete' | null;

/** The product form's state, as ProductForm and its sections use it. */
export interface ProductFormState {
  form: UseFormReturn<ProductFormValues>;
  /** The values as they are now, over the starting ones. */
  values: ProductFormValues;
  editing: Product | null;
  inventory: boolean;
  /** The category's product-level fields. */
  fields: CategoryField[];
  /** The encoding the SKU must suit (the category's in the inventory variant). */
  encoding: Encoding | undefined;
  /** The encodings to pick from: the enabled ones and the product's own. */
  encodingOptions: Encoding[];
  changeEncoding: (value: string) => void;
  changeCategory: (value: string) => void;
  generateSku: () => Promise<void>;
  generating: boolean;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  saveProduct: () => Promise<void>;
  deleteProduct: () => Promise<void>;
  cancel: () => void;
  question: ProductFormQuestion;
  setQuestion: (question: ProductFormQuestion) => void;
  busy: boolean;
  updating: boolean;
  removing: boolean;
  saveDisabled: boolean;
}

/**
 * The product form (01 §2.9–2.10): add in the catalogue (every field) or inventory variant
 * (category, name, SKU, attributes), and edit (SKU disabled, Save only when something changed and
 * the SKU suits the encoding, Delete). Rules run on submit with the contract's schema, skuError and
 * the attribute rules; picking an encoding re-checks the SKU.
 */
export function useProductForm(
  mode: ProductFormMode,
  tree: readonly Category[],
  encodings: readonly Encoding[],
): ProductFormState {
  const { t } = useTranslation(['products', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const generate = useGenerateSku();
  const [question, setQuestion] = useState<ProductFormQuestion>(null);
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

  // Rules run on submit only; a field's message goes once the field is edited.
  const form = useForm<ProductFormValues>({ defaultValues: initial, resolver, reValidateMode: 'onSubmit' });
  const { control, handleSubmit, setValue, getValues, setError, clearErrors, trigger, formState } = form;
  const values = { ...initial, ...useWatch({ control }) } as ProductFormValues;
  const encoding = encodingOf(values);
  const changed = formChanged(values, initial);

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

  const state: ProductFormState = {
    form,
    values,
    editing,
    inventory,
    fields: productFields(fieldsOf(values.category)),
    encoding,
    encodingOptions: encodings.filter((e) => !e.disabled || String(e.id) === values.encoding),
    changeEncoding,
    changeCategory,
    generateSku,
    generating: generate.isPending,
    submit,
    saveProduct,
    deleteProduct,
    cancel: () => void navigate(editing ? PRODUCT_PATHS.list : backTo),
    question,
    setQuestion,
    busy: formState.isSubmitting || create.isPending || update.isPending || remove.isPending,
    updating: update.isPending,
    removing: remove.isPending,
    saveDisabled: editing ? editSaveDisabled(values, initial, encoding) : false,
  };
  return state;
}
