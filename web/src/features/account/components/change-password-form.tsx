import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ChangePasswordFormSchema, type ChangePasswordForm as Values } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { useSetPassword } from '../api/set-password';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';

const EMPTY: Values = { old_password: '', password: '', confirm_password: '' };

/** Old password, a strong new one and its confirmation (contract ChangePasswordFormSchema). */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation(['profile', 'common']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const setPassword = useSetPassword();
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY,
  });
  useUnsavedChangesGuard(formState.isDirty);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ old_password, password }) => {
    try {
      await setPassword.mutateAsync({ userId, old_password, password });
      reset(EMPTY);
      notify.success(t('passwordChanged'));
    } catch (error) {
      applyServerFieldErrors(error, ['old_password', 'password'], setError);
      notify.error(t('passwordChangeFailed'), error, {
        withDetail: true,
        preferredFields: ['old_password', 'password'],
      });
    }
  });

  const field = (name: keyof Values, label: string, autoComplete: string, helper?: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ? validationMessage(errors[name]?.message) : helper}
    />
  );

  return (
    <Card component="form" onSubmit={submit} noValidate>
      <CardHeader title={t('changePasswordCard')} subheader={t('changePasswordHelp')} />
      <CardContent sx={{ pt: 1 }}>
        <Stack spacing={2.5}>
          {field('old_password', t('oldPassword'), 'current-password')}
          <Alert severity="info" variant="outlined" sx={{ bgcolor: 'transparent' }}>
            {t('passwordRule')}
          </Alert>
          {field('password', t('newPassword'), 'new-password')}
          {field('confirm_password', t('confirmPassword'), 'new-password')}
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button color="inherit" onClick={() => reset(EMPTY)} disabled={isSubmitting}>
            {t('common:reset')}
          </Button>
          <Button type="submit" variant="contained">
            {t('changePasswordSubmit')}
          </Button>
        </Stack>
      </CardContent>
      <LoadingOverlay open={isSubmitting} label={t('changingPassword')} />
    </Card>
  );
}
