import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { ImportWizard } from '../components/import-wizard';

/**
 * /mass-import (administrator, operator, application; the Inventory menu's Import entry and the
 * product list's Import Items): items from a CSV file. After an import the page stays, with a
 * summary, ready for the next file; Cancel goes back where the user came from.
 */
export function ImportItemsPage() {
  const { t } = useTranslation(['imports', 'menu']);
  const navigate = useNavigate();
  const cameFromConsole = useLocation().key !== 'default';
  return (
    <>
      <PageHeader
        title={t('importItemsTitle')}
        subtitle={t('importItemsSubtitle')}
        breadcrumbs={[{ label: t('menu:inventory') }]}
      />
      <ImportWizard
        kind="items"
        onCancel={() => void (cameFromConsole ? navigate(-1) : navigate('/'))}
        afterImport="summary"
      />
    </>
  );
}
