import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ManagementGroupWriteSchema, type ManagementGroup, type ManagementGroupWrite } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useCreateGroup } from '../../api/create-group';
import { useUpdateGroup } from '../../api/update-group';
import { FormDialog } from '../../../../components/form-dialog';

const FIELDS = ['group_name'] as const;

/**
 * Add (no group) or rename a group (03 §5 Group): the name is required and Save stays disabled
 * until it changed; a name another group has comes back from the server onto the field.
 */
export function GroupFormDialog({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group: ManagementGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['groups', 'common']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const { register, handleSubmit, setError, formState } = useForm<ManagementGroupWrite>({
    resolver: zodResolver(ManagementGroupWriteSchema),
    defaultValues: { group_name: group?.group_name ?? '' },
    // Leaving the field empty says so at once: Save is disabled until a change, so a submit may never come.
    mode: 'onTouched',
  });
  const { errors, isDirty, isSubmitting } = formState;
  // Back or a link while the dialog holds changes asks first, as a form page does.
  const guard = useUnsavedChangesGuard(open && isDirty);

  const submit = handleSubmit(async (values) => {
    try {
      if (group) {
        await update.mutateAsync({ id: group.id, changes: values });
        notify.success(t('updated'));
      } else {
        await create.mutateAsync(values);
        notify.success(t('created'));
      }
      guard.disarm();
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      notify.error(group ? t('updateFailed') : t('createFailed'), error, {
        withDetail: true,
        preferredFields: ['group_name'],
      });
    }
  });

  return (
    <FormDialog
      open={open}
      dirty={isDirty}
      busy={isSubmitting}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="group-form-title"
      data-testid="group-form-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="group-form-title">{group ? t('editTitle') : t('addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('fieldGroupName')}
            required
            autoFocus
            fullWidth
            margin="dense"
            {...register('group_name')}
            error={Boolean(errors.group_name)}
            helperText={errors.group_name ? validationMessage(errors.group_name.message) : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'group-name-input' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSubmitting} data-testid="group-form-cancel">
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty}
            loading={isSubmitting}
            data-testid="group-form-save"
          >
            {t('common:save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
