import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import { LanguageSelect } from '../../../components/language-select';
import { returnPathFromSearch } from '../../../lib/auth/return-path';
import { useClientStore } from '../../../lib/client-store';
import { useBackendVersion } from '../../../shared/configuration/get-version';
import { changeLanguage } from '../../../lib/i18n';
import { useSignIn } from '../api/create-token';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { resetRequestPath } from '../password-reset/password-reset-paths';

/** /login: sign in, with the interface language chosen up front. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const { search } = useLocation();
  const signIn = useSignIn();
  const version = useBackendVersion();
  const language = useClientStore((s) => s.language);
  const setLanguage = useClientStore((s) => s.setLanguage);

  useEffect(() => {
    document.title = `${t('documentTitle')} · Tagtrack`;
  }, [t]);

  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      <LoginForm
        forgotPasswordPath={resetRequestPath(version.data?.on_premise ?? false)}
        onSubmit={async (values) => {
          await signIn.mutateAsync(values);
          void navigate(returnPathFromSearch(search), { replace: true });
        }}
      />
      <Divider sx={{ my: 3 }} />
      <LanguageSelect
        label={t('common:language')}
        value={language}
        size="small"
        testId="login-language-select"
        onChange={(code) => {
          setLanguage(code);
          void changeLanguage(code);
        }}
      />
    </AuthCard>
  );
}
