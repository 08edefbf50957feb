import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ForgotPasswordSchema, PASSWORD_RESET_LINK_MINUTES, type ForgotPassword } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { BackToSignIn } from './back-to-sign-in';

type Values = z.input<typeof ForgotPasswordSchema>;

interface ResetRequestFormProps {
  /** Cloud asks for a username or an e-mail and mails the link to the account; on-premise asks the administrators. */
  variant: 'cloud' | 'onPremise';
}

/**
 * The request of a reset link (contract ForgotPasswordSchema). After it is sent the form gives way
 * to a confirmation that says the same whether or not an account matched, as the server does.
 */
export function ResetRequestForm({ variant }: ResetRequestFormProps) {
  const { t } = useTranslation(['passwordReset', 'common']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { username: '' },
  });
  const { errors, isSubmitting } = formState;
  const cloud = variant === 'cloud';

  const submit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ username: values.username });
      setSent(true);
    } catch (error) {
      const onField = applyServerFieldErrors(error, ['username'], setError);
      if (!onField) notify.error(t('requestFailed'), error, { withDetail: true, preferredFields: ['username'] });
    }
  });

  if (sent)
    return (
      <Stack spacing={3}>
        <Alert severity="success" data-testid="password-reset-sent">
          {t(cloud ? 'sentCloud' : 'sentOnPremise', { count: PASSWORD_RESET_LINK_MINUTES })}
        </Alert>
        <BackToSignIn variant="contained" />
      </Stack>
    );

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2.5}>
      {!cloud && (
        <Alert severity="info" variant="outlined" sx={{ bgcolor: 'transparent' }}>
          {t('onPremiseExplanation')}
        </Alert>
      )}
      <TextField
        label={t(cloud ? 'usernameOrEmail' : 'username')}
        autoComplete="username"
        autoFocus
        {...register('username')}
        error={Boolean(errors.username)}
        helperText={validationMessage(errors.username?.message)}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('sendLink')}
      </Button>
      <BackToSignIn />
    </Stack>
  );
}
