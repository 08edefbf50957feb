import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  SNACKBAR_DURATION_MS,
  categorySchemaWithRules,
  categoryUpdateSchemaWithRules,
  type Category,
  type CategoryCreate,
} from '@tagtrack/contract';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useEncodingLabel } from '../../../../shared/configuration/encoding-label';
import { useEncodings } from '../../../../shared/configuration/get-encodings';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useCreateCategory } from '../../api/create-category';
import { useDeleteCategory } from '../../api/delete-category';
import { useUpdateCategory } from '../../api/update-category';
import {
  categoryChanges,
  emptyCategoryForm,
  normalizeCategoryInput,
  toCategoryForm,
  toCategoryInput,
  toCategoryUpdate,
  type CategoryFormValues,
} from '../model/category-form-model';
import { CATEGORY_PATHS } from '../model/category-paths';
import { AttributesCard } from './attributes-card';
import { CategoryDetailsCard } from './category-details-card';

export type CategoryFormMode = { kind: 'add' } | { kind: 'edit'; category: Category };

const FIELD_KEYS = ['name', 'type', 'default_value', 'fixed_value', 'options'] as const;

type CategoryDialog = 'edit' | 'encoding' | 'delete';

/** Runs the contract schema (with the category rules) on the body the form would send. */
function categoryResolver(editing: boolean): Resolver<CategoryFormValues, unknown, CategoryCreate> {
  const schema = editing ? categoryUpdateSchemaWithRules : categorySchemaWithRules;
  const resolve = zodResolver(schema) as unknown as Resolver<CategoryCreate, unknown, CategoryCreate>;
  return (values, context, options) =>
    resolve(toCategoryInput(values), context, options as unknown as Parameters<typeof resolve>[2]);
}

/**
 * Add and edit category (01 §2.6, §2.7, §4, §5): validated on submit only with the contract
 * schema and the shared category rules; on edit Save is enabled only when something changed,
 * and a change of name, description or attributes, and of the encoding, each asks first.
 */
export function CategoryForm({ mode }: { mode: CategoryFormMode }) {
  const { t } = useTranslation(['categories', 'common', 'validation']);
  const notify = useNotify();
  const navigate = useNavigate();
  const encodingLabel = useEncodingLabel();
  const encodings = useEncodings();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const editing = mode.kind === 'edit' ? mode.category : null;
  const initial = useMemo(() => (editing ? toCategoryForm(editing) : emptyCategoryForm()), [editing]);
  const form = useForm<CategoryFormValues, unknown, CategoryCreate>({
    resolver: categoryResolver(editing !== null),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control, handleSubmit, setError, clearErrors, formState } = form;
  const { isSubmitting } = formState;
  const watched = useWatch({ control }) as CategoryFormValues;
  const current: CategoryFormValues = { ...initial, ...watched, fields: watched.fields ?? [] };
  const changes = categoryChanges(initial, current);
  const changed = changes.details || changes.encoding || current.parent !== initial.parent;
  const [dialog, setDialog] = useState<CategoryDialog | null>(null);
  const [pending, setPending] = useState<{ body: CategoryCreate; warnings: CategoryDialog[] } | null>(null);

  // Validation runs on submit only; a field the user then edits drops its (now stale) message.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) clearErrors(name as Path<CategoryFormValues>);
        },
      }),
    [form, clearErrors],
  );

  const list = encodings.data?.encodings ?? [];
  const chosenEncoding = list.find((e) => e.id === current.encoding);

  // The leave confirmation (01 §2.6, Yes leaves, No stays) guards every way out, not only Cancel.
  const guard = useUnsavedChangesGuard(changed, {
    title: t('leaveTitle'),
    body: editing ? t('leaveBodyEdit') : t('leaveBodyAdd'),
    confirmLabel: t('yes'),
    cancelLabel: t('no'),
    testId: 'category-leave-dialog',
  });
  const backToList = () => void navigate(CATEGORY_PATHS.list);
  /** After a save or delete: the changes are done with, nothing to ask. */
  const leaveDone = () => {
    guard.disarm();
    backToList();
  };

  const serverFields = (): Path<CategoryFormValues>[] => [
    'name',
    'description',
    'encoding',
    'parent',
    ...current.fields.flatMap((_, i) => FIELD_KEYS.map((key) => `fields.${i}.${key}` as Path<CategoryFormValues>)),
  ];

  const failed = (message: string, error: unknown) => {
    applyServerFieldErrors(error, serverFields(), setError);
    notify.error(message, error, { withDetail: true });
  };

  const save = async (body: CategoryCreate) => {
    if (!editing) {
      try {
        await create.mutateAsync(normalizeCategoryInput(body));
        notify.success(t('notifyCreated'), { duration: SNACKBAR_DURATION_MS });
        leaveDone();
      } catch (error) {
        failed(t('createFailed'), error);
      }
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: editing.id, changes: toCategoryUpdate(body) });
      notify.success(t('notifyUpdated', { name: saved.name }), { duration: SNACKBAR_DURATION_MS });
      leaveDone();
    } catch (error) {
      failed(t('updateFailed'), error);
    }
  };

  const submit = handleSubmit(async (body) => {
    if (!editing) return save(body);
    const warnings: CategoryDialog[] = [];
    if (changes.details) warnings.push('edit');
    if (changes.encoding) warnings.push('encoding');
    if (warnings.length === 0) return;
    setPending({ body, warnings });
    setDialog(warnings[0]!);
  });

  /** The open warning was accepted: the next one, or the save. */
  const confirmWarning = async () => {
    if (!pending) return;
    const [, ...rest] = pending.warnings;
    if (rest.length > 0) {
      setPending({ ...pending, warnings: rest });
      setDialog(rest[0]!);
      return;
    }
    await save(pending.body);
    setDialog(null);
    setPending(null);
  };

  const closeWarning = () => {
    setDialog(null);
    setPending(null);
  };

  const deleteCategory = async () => {
    if (!editing) return;
    try {
      await remove.mutateAsync(editing.id);
      notify.success(t('notifyDeleted', { name: editing.name }));
      setDialog(null);
      leaveDone();
    } catch (error) {
      setDialog(null);
      notify.error(t('deleteFailed'), error, { withDetail: true });
    }
  };

  const saving = isSubmitting || create.isPending || update.isPending;

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} data-testid="category-form">
        <Stack spacing={3}>
          <CategoryDetailsCard editing={editing} initialEncoding={initial.encoding} />

          <AttributesCard />

          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <div>
              {editing && (
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteIcon />}
                  onClick={() => setDialog('delete')}
                  disabled={saving}
                  data-testid="category-delete"
                >
                  {t('deleteCategory')}
                </Button>
              )}
            </div>
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={backToList} disabled={saving} data-testid="category-cancel">
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={editing !== null && !changed}
                loading={saving}
                data-testid="category-submit"
              >
                {editing ? t('save') : t('addCategory')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Box>

      {editing && (
        <>
          <ConfirmDialog
            open={dialog === 'edit'}
            title={t('editWarningTitle')}
            confirmLabel={t('confirmSave')}
            cancelLabel={t('cancel')}
            destructive={false}
            busy={update.isPending}
            testId="category-edit-dialog"
            onConfirm={() => void confirmWarning()}
            onClose={closeWarning}
          >
            {t('editWarningBody', { name: editing.name })}
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'encoding'}
            title={t('encodingWarningTitle')}
            confirmLabel={t('confirmEncoding')}
            cancelLabel={t('cancel')}
            destructive={false}
            busy={update.isPending}
            testId="category-encoding-dialog"
            onConfirm={() => void confirmWarning()}
            onClose={closeWarning}
          >
            {t('encodingWarningBody', {
              name: editing.name,
              encoding: chosenEncoding ? encodingLabel(chosenEncoding) : t('encodingInherit'),
            })}
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'delete'}
            title={t('deleteTitle')}
            confirmLabel={t('confirmDelete')}
            cancelLabel={t('cancel')}
            destructive
            busy={remove.isPending}
            testId="category-delete-dialog"
            onConfirm={() => void deleteCategory()}
            onClose={() => setDialog(null)}
          >
            {editing.subcategories.length > 0
              ? t('deleteBodyWithSubs', { name: editing.name, count: editing.subcategories.length })
              : t('deleteBody', { name: editing.name })}
          </ConfirmDialog>
        </>
      )}
    </FormProvider>
  );
}
