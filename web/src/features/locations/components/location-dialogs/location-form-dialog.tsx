import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LocationFormSchema,
  SNACKBAR_DURATION_MS,
  parseMetadataText,
  wouldCreateCycle,
  type Location,
  type LocationForm,
  type LocationUpdate,
} from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { LocationTreePicker } from '../../../../shared/locations/location-tree-picker';
import { indexLocations, locationPathText } from '../../../../shared/locations/location-tree-utils';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useCreateLocation } from '../../api/create-location';
import { useUpdateLocation } from '../../api/update-location';
import { FormDialog } from '../../../../components/form-dialog';

export type LocationFormMode =
  { kind: 'addRoot' } | { kind: 'add'; parent: Location } | { kind: 'edit'; location: Location };

function metadataText(metadata: Record<string, unknown>): string {
  return Object.keys(metadata).length === 0 ? '' : JSON.stringify(metadata, null, 2);
}

function defaults(mode: LocationFormMode): LocationForm {
  if (mode.kind === 'edit') {
    const { location } = mode;
    return { name: location.name, parent: location.parent, metadata: metadataText(location.metadata) };
  }
  return { name: '', parent: mode.kind === 'add' ? mode.parent.uuid : null, metadata: '' };
}

const FIELDS = ['name', 'parent', 'metadata'] as const;

/**
 * Add (a root, or a child with the parent chosen in the tree picker) and edit (name, parent,
 * metadata). Validated with the contract's form schema on submit; a parent that is the location
 * itself or one of its descendants is refused at once (`wouldCreateCycle`) and Save is disabled.
 */
export function LocationFormDialog({
  mode,
  tree,
  onClose,
  onSaved,
}: {
  mode: LocationFormMode;
  /** The whole tree (unfiltered), for the parent picker and the cycle check. */
  tree: readonly Location[];
  onClose: () => void;
  onSaved?: (location: Location) => void;
}) {
  const { t } = useTranslation(['locations', 'common', 'validation']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const index = useMemo(() => indexLocations(tree), [tree]);
  const { register, control, handleSubmit, setError, formState } = useForm<LocationForm>({
    resolver: zodResolver(LocationFormSchema),
    defaultValues: defaults(mode),
  });
  const { errors, isDirty, isSubmitting } = formState;
  const editing = mode.kind === 'edit' ? mode.location : null;
  const parent = useWatch({ control, name: 'parent' });
  const cycle = editing !== null && wouldCreateCycle(editing.uuid, parent, index.parentOf);

  // Any ordinary location can be clicked as the parent; the location itself or one of its
  // descendants is then refused with the spec's message (below the picker) and Save is disabled.
  const canBeParent = (node: Location) => node.special === null;
  const whyNotParent = () => t('validation:specialLocationLocked');

  const submit = handleSubmit(async (values) => {
    if (cycle) return;
    const metadata = parseMetadataText(values.metadata) ?? {};
    try {
      if (editing) {
        const changes: LocationUpdate = { name: values.name, metadata };
        if (values.parent !== editing.parent) changes.parent = values.parent;
        const saved = await update.mutateAsync({ uuid: editing.uuid, changes });
        notify.success(t('notifyUpdated'), { duration: SNACKBAR_DURATION_MS });
        onSaved?.(saved);
      } else {
        const saved = await create.mutateAsync({ parent: values.parent, name: values.name, metadata });
        notify.success(t('notifyCreated'), { duration: SNACKBAR_DURATION_MS });
        onSaved?.(saved);
      }
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      notify.error(editing ? t('notifyUpdateFailed') : t('notifyCreateFailed'), error, {
        withDetail: true,
        preferredFields: ['parent'],
      });
    }
  });

  const title =
    mode.kind === 'edit' ? t('formEditTitle') : mode.kind === 'add' ? t('formAddTitle') : t('formAddRootTitle');
  const parentError = cycle ? t('validation:locationParentItself') : validationMessage(errors.parent?.message);

  return (
    <FormDialog
      dirty={isDirty}
      busy={isSubmitting}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="location-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="location-form-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField
              label={t('formName')}
              required
              autoFocus
              {...register('name')}
              error={Boolean(errors.name)}
              helperText={errors.name ? validationMessage(errors.name.message) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'location-name-input' } }}
            />
            {mode.kind !== 'addRoot' && (
              <Controller
                control={control}
                name="parent"
                render={({ field }) => (
                  <Stack spacing={1}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
                      <Typography variant="subtitle2" component="h3">
                        {t('formParent')}
                      </Typography>
                      {editing && field.value !== null && (
                        <Button size="small" onClick={() => field.onChange(null)}>
                          {t('formMakeTopLevel')}
                        </Button>
                      )}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" data-testid="location-parent-path">
                      {field.value ? locationPathText(field.value, index) : t('formTopLevel')}
                    </Typography>
                    <LocationTreePicker
                      locations={tree}
                      value={field.value ? [field.value] : []}
                      onChange={(uuids) => field.onChange(uuids[0] ?? null)}
                      selectable={canBeParent}
                      disabledReason={whyNotParent}
                      label={t('formParent')}
                      testId="location-parent-picker"
                    />
                    {parentError && (
                      <FormHelperText error data-testid="location-parent-error">
                        {parentError}
                      </FormHelperText>
                    )}
                  </Stack>
                )}
              />
            )}
            <TextField
              label={t('formMetadata')}
              multiline
              minRows={3}
              maxRows={10}
              {...register('metadata')}
              error={Boolean(errors.metadata)}
              helperText={errors.metadata ? validationMessage(errors.metadata.message) : t('formMetadataHelp')}
              slotProps={{
                htmlInput: { spellCheck: false, 'data-testid': 'location-metadata-input' },
                input: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSubmitting}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={cycle} loading={isSubmitting} data-testid="location-save">
            {t('common:save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
