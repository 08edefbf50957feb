import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header';
import { ConfigurationListTab } from '../configurations/configuration-list-tab';
import { FixedReaderListTab } from '../readers/components/fixed-reader-list-tab';
import { HandheldReaderListTab } from '../readers/components/handheld-reader-list-tab';
import { listViewPath } from '../../../lib/list-views';

const BASE = '/readers';
const TABS = ['reader', 'hh-reader', 'configuration'] as const;
type ReadersTab = (typeof TABS)[number];
const isTab = (tab: string | undefined): tab is ReadersTab => (TABS as readonly (string | undefined)[]).includes(tab);

/** /readers/:tab (02 §2): fixed readers, handheld readers and configurations; another tab opens the fixed readers. */
export function ReadersPage() {
  const { t } = useTranslation(['readers', 'menu']);
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!isTab(tab)) return <Navigate to={`${BASE}/reader`} replace />;
  const labels: Record<ReadersTab, string> = {
    reader: t('tabFixed'),
    'hh-reader': t('tabHandheld'),
    configuration: t('tabConfigurations'),
  };
  return (
    <>
      <PageHeader
        title={t('menu:devices')}
        breadcrumbs={[{ label: t('menu:devices'), to: `${BASE}/reader` }]}
        current={labels[tab]}
      />
      <Tabs
        value={tab}
        onChange={(_, value: ReadersTab) => void navigate(listViewPath(`${BASE}/${value}`))}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={labels[value]} data-testid={`readers-tab-${value}`} />
        ))}
      </Tabs>
      {tab === 'reader' && <FixedReaderListTab />}
      {tab === 'hh-reader' && <HandheldReaderListTab />}
      {tab === 'configuration' && <ConfigurationListTab />}
    </>
  );
}
