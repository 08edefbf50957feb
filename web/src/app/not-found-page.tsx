import { useTranslation } from 'react-i18next';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { StatusPage } from './status-page';

/** Shown inside the layout for a path that is no route of the console, with a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<SearchOffOutlinedIcon sx={{ fontSize: 56, color: 'primary.main', opacity: 0.85 }} />}
      title={t('notFoundTitle')}
      text={t('notFoundText')}
      testId="not-found"
    />
  );
}
