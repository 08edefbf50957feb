import { useTranslation } from 'react-i18next';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import { StatusPage } from './status-page';

/** Shown inside the layout when the user's role does not open a route of the console. */
export function NotAuthorisedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<LockPersonOutlinedIcon sx={{ fontSize: 56, color: 'primary.main', opacity: 0.85 }} />}
      title={t('notAuthorisedTitle')}
      text={t('notAuthorisedText')}
      testId="not-authorised"
    />
  );
}
