import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Category } from '@tagtrack/contract';
import { useEncodingLabel } from '../../../../shared/configuration/encoding-label';
import { useEncodings } from '../../../../shared/configuration/get-encodings';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useCategoryTree } from '../../api/list-categories';
import type { CategoryFormValues } from '../model/category-form-model';

const ROOT = 'root';
const INHERIT = 'inherit';

/**
 * Name, parent (Root or a top-level category; locked on edit), encoding method (the enabled
 * ones; none inherits the parent's or the default) and description.
 */
export function CategoryDetailsCard({
  editing,
  initialEncoding,
}: {
  editing: Category | null;
  /** The stored encoding stays offered even when it has been disabled since. */
  initialEncoding: number | null;
}) {
  const { t } = useTranslation('categories');
  const validationMessage = useValidationMessage();
  const encodingLabel = useEncodingLabel();
  const encodings = useEncodings();
  const tree = useCategoryTree();
  const form = useFormContext<CategoryFormValues>();
  const { register, control } = form;
  const { errors } = useFormState({ control });
  const [parent, encoding] = useWatch({ control, name: ['parent', 'encoding'] });
  const current = { parent, encoding };

  const list = encodings.data?.encodings ?? [];
  const defaultEncoding = list.find((e) => e.default);
  const encodingChoices = list.filter((e) => !e.disabled || e.id === initialEncoding);
  const parents = (tree.data?.results ?? []).filter((c) => c.id !== editing?.id);
  const editingParent = editing?.parent ?? null;
  const parentMissing = editingParent !== null && !parents.some((c) => c.id === editingParent);
  const chosenEncoding = list.find((e) => e.id === current.encoding);

  return (
    <Card>
      <CardHeader title={t('sectionDetails')} />
      <CardContent sx={{ pt: 1 }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, lg: 4 }}>
            <TextField
              label={t('name')}
              required
              autoFocus={!editing}
              {...register('name')}
              error={Boolean(errors.name)}
              helperText={errors.name ? validationMessage(errors.name.message) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'category-name-input' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <TextField
              select
              label={t('parent')}
              value={current.parent === null ? ROOT : String(current.parent)}
              onChange={(event) =>
                form.setValue('parent', event.target.value === ROOT ? null : Number(event.target.value), {
                  shouldDirty: true,
                })
              }
              disabled={editing !== null}
              helperText={editing ? t('parentLockedHelp') : t('parentHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'category-parent-select' } }}
            >
              <MenuItem value={ROOT}>{t('parentRoot')}</MenuItem>
              {parentMissing && editing && <MenuItem value={String(editingParent)}>{String(editingParent)}</MenuItem>}
              {parents.map((category) => (
                <MenuItem key={category.id} value={String(category.id)}>
                  {category.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <TextField
              select
              label={t('encoding')}
              value={current.encoding === null ? INHERIT : String(current.encoding)}
              onChange={(event) =>
                form.setValue('encoding', event.target.value === INHERIT ? null : Number(event.target.value), {
                  shouldDirty: true,
                })
              }
              error={Boolean(errors.encoding)}
              helperText={
                errors.encoding
                  ? validationMessage(errors.encoding.message)
                  : chosenEncoding
                    ? t('encodingOwnHelp')
                    : t('encodingInheritHelp', { name: defaultEncoding ? encodingLabel(defaultEncoding) : '—' })
              }
              slotProps={{ htmlInput: { 'data-testid': 'category-encoding-select' } }}
            >
              <MenuItem value={INHERIT}>{t('encodingInherit')}</MenuItem>
              {encodingChoices.map((encoding) => (
                <MenuItem key={encoding.id} value={String(encoding.id)}>
                  {encoding.disabled
                    ? t('encodingDisabled', { name: encodingLabel(encoding) })
                    : encodingLabel(encoding)}
                </MenuItem>
              ))}
              {/* The category's own encoding stays shown until the list has loaded. */}
              {current.encoding !== null && !chosenEncoding && (
                <MenuItem value={String(current.encoding)}>{String(current.encoding)}</MenuItem>
              )}
            </TextField>
          </Grid>
          <Grid size={12}>
            <TextField
              label={t('description')}
              multiline
              minRows={3}
              maxRows={10}
              {...register('description')}
              error={Boolean(errors.description)}
              helperText={errors.description ? validationMessage(errors.description.message) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'category-description-input' } }}
            />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
