import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LOCATION_NAME_MAX, LocationFileUploadSchema, SNACKBAR_SHORT_MS } from '@tagtrack/contract';
import { ImageDropZone } from '../../../../components/image-drop-zone/image-drop-zone';
import type { ImageProblem } from '../../../../components/image-drop-zone/validate-image-file';
import { useNotify } from '../../../../components/feedback/use-notify';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useUploadLocationFile } from '../../api/upload-location-file';
import { FormDialog } from '../../../../components/form-dialog';

/** The contract's upload fields (name) plus the chosen file. */
const AddImageSchema = LocationFileUploadSchema.pick({ name: true }).extend({
  file: z.custom<File | null>((value) => value instanceof File, 'requiredFile'),
});
type AddImageFields = z.input<typeof AddImageSchema>;

/** A file's name without its extension: the default name of a new image. */
function baseName(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').slice(0, LOCATION_NAME_MAX);
}

/** Add New Image: a required name and one image (png, jpeg, jpg or svg, at most 3 MB). */
export function AddImageDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation(['locationFiles', 'common']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const upload = useUploadLocationFile();
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const autoName = useRef('');
  const { register, control, handleSubmit, setValue, getValues, setError, formState } = useForm<AddImageFields>({
    resolver: zodResolver(AddImageSchema),
    defaultValues: { name: '', file: null },
  });
  const { errors, isDirty, isSubmitting } = formState;

  const submit = handleSubmit(async ({ name, file: chosen }) => {
    if (!(chosen instanceof File)) return;
    try {
      await upload.mutateAsync({ uuid, name: name.trim(), type: 'other', file: chosen });
      notify.success(t('imageUploaded'), { duration: SNACKBAR_SHORT_MS });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, ['name', 'file'], setError);
      notify.error(t('imageUploadFailed'), error, { withDetail: true });
    }
  });

  return (
    <FormDialog
      dirty={isDirty}
      busy={isSubmitting}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="add-image-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-image-title">{t('addImage')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t('imageName')}
              required
              autoFocus
              {...register('name')}
              error={Boolean(errors.name)}
              helperText={validationMessage(errors.name?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'image-name-input' } }}
            />
            <Controller
              control={control}
              name="file"
              render={({ field, fieldState }) => (
                <FormControl required error={Boolean(problem ?? fieldState.error)}>
                  <FormLabel sx={{ mb: 1, fontSize: '0.875rem' }}>{t('imageFile')}</FormLabel>
                  <ImageDropZone
                    file={field.value ?? null}
                    disabled={isSubmitting}
                    error={validationMessage(fieldState.error?.message) || undefined}
                    onChange={(next, found) => {
                      setProblem(found);
                      field.onChange(next);
                      // A new image is named after its file, unless the user has typed a name of their own.
                      const current = getValues('name').trim();
                      if (next && (current === '' || current === autoName.current)) {
                        autoName.current = baseName(next.name);
                        setValue('name', autoName.current, { shouldValidate: true });
                      }
                    }}
                  />
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSubmitting}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isSubmitting}
            disabled={problem !== null}
            data-testid="add-image-save"
          >
            {t('common:save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
