import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/auth/get-me';
import { ChangePasswordForm } from '../components/change-password-form';

/** /password-change: the user changes their own password. */
export function PasswordChangePage() {
  const { t } = useTranslation(['profile', 'common']);
  const me = useMe();
  if (!me.data) return null;
  return (
    <>
      <PageHeader title={t('changePasswordTitle')} breadcrumbs={[{ label: t('common:account') }]} />
      <Box sx={{ maxWidth: 640 }}>
        <ChangePasswordForm userId={me.data.id} />
      </Box>
    </>
  );
}
