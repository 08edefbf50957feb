import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  LoginSchema,
  codeToMessage,
  firstCode,
  isMessageCode,
  type ErrorPayload,
  type Login,
} from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { isApiError } from '../../../lib/api-client';
import { typeMessageFor } from '../../../lib/errors';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useTranslate, useValidationMessage } from '../../../lib/use-validation-message';

type Problem = { kind: 'credentials' } | { kind: 'throttled'; until: number | null } | { kind: 'text'; text: string };

/** When a throttled sign-in may be retried (the server's Retry-After, in seconds). */
function retryMoment(retryAfter: number | null): number | null {
  return retryAfter === null ? null : Date.now() + retryAfter * 1000;
}

/** "Request was throttled. Try again in N s.", counting down; tells the form when the wait is over. */
function ThrottledNotice({ until, onElapsed }: { until: number | null; onElapsed: () => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [until]);
  useEffect(() => {
    if (secondsLeft === 0) onElapsed();
  }, [secondsLeft, onElapsed]);

  return (
    <Alert severity="warning" data-testid="login-error">
      {typeMessageFor('Throttled', (key, fallback) => t(key as 'errors:unknown', { defaultValue: fallback }))}{' '}
      {secondsLeft === null ? t('retryLater') : t('retryIn', { seconds: secondsLeft })}
    </Alert>
  );
}

/** A message that belongs to no field (a string detail, a list, or non_field_errors), as a message key with values. */
function generalMessage(payload: ErrorPayload | undefined): string | undefined {
  const codes = payload?.codes;
  if (codes === undefined) return undefined;
  const code = isMessageCode(codes) || Array.isArray(codes) ? firstCode(codes) : firstCode(codes.non_field_errors);
  return code && codeToMessage(code);
}

interface LoginFormProps {
  onSubmit: (values: Login) => Promise<unknown>;
  /** Where "Forgot password?" leads (the deployment's reset request page); no link without it. */
  forgotPasswordPath?: string;
}

/** Username and password, validated with the contract's LoginSchema; sign-in failures shown in place. */
export function LoginForm({ onSubmit, forgotPasswordPath }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const validationMessage = useValidationMessage();
  const translate = useTranslate();
  const notify = useNotify();
  const [problem, setProblem] = useState<Problem | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  // Without a Retry-After there is nothing to count down: the user may try again at will.
  const throttled = problem?.kind === 'throttled' && problem.until !== null;
  const clearProblem = useCallback(() => setProblem(null), []);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!isApiError(error)) {
        notify.error(t('signInFailed'), error);
      } else if (error.type === 'AuthenticationFailed') {
        setProblem({ kind: 'credentials' });
      } else if (error.type === 'Throttled') {
        setProblem({ kind: 'throttled', until: retryMoment(error.retryAfter) });
      } else if (error.type === 'ValidationError') {
        const onFields = applyServerFieldErrors(error, ['username', 'password'], setError);
        const general = generalMessage(error.payload);
        if (general) setProblem({ kind: 'text', text: validationMessage(general) });
        else if (!onFields) notify.error(t('signInFailed'), error, { withDetail: true });
      } else {
        notify.error(t('signInFailed'), error, { withDetail: true });
      }
    }
  });

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2.5}>
      {problem?.kind === 'credentials' && (
        <Alert severity="error" data-testid="login-error">
          {typeMessageFor('AuthenticationFailed', translate)}
        </Alert>
      )}
      {problem?.kind === 'throttled' && <ThrottledNotice until={problem.until} onElapsed={clearProblem} />}
      {problem?.kind === 'text' && (
        <Alert severity="error" data-testid="login-error">
          {problem.text}
        </Alert>
      )}
      <TextField
        label={t('username')}
        autoComplete="username"
        autoFocus
        {...register('username')}
        error={Boolean(errors.username)}
        helperText={validationMessage(errors.username?.message)}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <Stack spacing={1}>
        <TextField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={Boolean(errors.password)}
          helperText={validationMessage(errors.password?.message)}
        />
        {forgotPasswordPath && (
          <Link
            component={RouterLink}
            to={forgotPasswordPath}
            variant="body2"
            sx={{ alignSelf: 'flex-end' }}
            data-testid="forgot-password-link"
          >
            {t('forgotPassword')}
          </Link>
        )}
      </Stack>
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} disabled={throttled}>
        {t('signIn')}
      </Button>
    </Stack>
  );
}
