import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { ResetRequestForm } from '../components/reset-request-form';
import { useDocumentTitle } from '../components/use-document-title';

/** /password-reset (cloud): request a reset link by e-mail. */
export function PasswordResetPage() {
  const { t } = useTranslation('passwordReset');
  useDocumentTitle(t('title'));
  return (
    <AuthCard title={t('title')} subtitle={t('subtitleCloud')} testId="password-reset-card">
      <ResetRequestForm variant="cloud" />
    </AuthCard>
  );
}
