import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PasswordResetFormSchema, type PasswordResetForm } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { isApiError } from '../../../../lib/api-client';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { PASSWORD_RESET_PATHS } from '../password-reset-paths';
import { BackToSignIn } from './back-to-sign-in';
import { PasswordField } from './password-field';

interface SetPasswordFormProps {
  linkId: string;
  /** The link's account, for password managers to save the new password under. */
  username: string;
  /** The link stopped working while the form was open (used elsewhere, expired). */
  onLinkGone: () => void;
}

/** A strong new password and its confirmation (contract PasswordResetFormSchema), set through the link. */
export function SetPasswordForm({ linkId, username, onLinkGone }: SetPasswordFormProps) {
  const { t } = useTranslation('passwordReset');
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const { register, handleSubmit, setError, formState } = useForm<PasswordResetForm>({
    resolver: zodResolver(PasswordResetFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ password }) => {
    try {
      await confirm.mutateAsync({ id: linkId, password });
      notify.success(t('resetDone'));
      void navigate(PASSWORD_RESET_PATHS.login, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        onLinkGone();
        return;
      }
      const onField = applyServerFieldErrors(error, ['password'], setError);
      if (!onField) notify.error(t('resetFailed'), error, { withDetail: true, preferredFields: ['password'] });
    }
  });

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2.5}>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        label={t('newPassword')}
        autoComplete="new-password"
        autoFocus
        {...register('password')}
        error={Boolean(errors.password)}
        helperText={errors.password ? validationMessage(errors.password.message) : t('passwordRule')}
      />
      <PasswordField
        label={t('confirmPassword')}
        autoComplete="new-password"
        {...register('confirm_password')}
        error={Boolean(errors.confirm_password)}
        helperText={validationMessage(errors.confirm_password?.message)}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('setPassword')}
      </Button>
      <BackToSignIn />
    </Stack>
  );
}
