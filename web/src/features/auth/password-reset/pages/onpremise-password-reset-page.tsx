import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { ResetRequestForm } from '../components/reset-request-form';
import { useDocumentTitle } from '../components/use-document-title';

/**
 * /password-reset-onpremise: ask the administrators for a new password. On-premise users often
 * have no e-mail, so the reset link goes to the administrators (or they set a password themselves).
 */
export function OnPremisePasswordResetPage() {
  const { t } = useTranslation('passwordReset');
  useDocumentTitle(t('title'));
  return (
    <AuthCard title={t('title')} subtitle={t('subtitleOnPremise')} testId="password-reset-card">
      <ResetRequestForm variant="onPremise" />
    </AuthCard>
  );
}
