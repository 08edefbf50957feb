import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { ImportWizard } from '../components/import-wizard';

const PRODUCT_LIST_PATH = '/admin-setting/product-management/product';

/**
 * .../product/product-import (administrator, application): products from a CSV file. After an
 * import, and on Cancel, the user goes back to the product list.
 */
export function ImportProductsPage() {
  const { t } = useTranslation(['imports', 'menu']);
  const navigate = useNavigate();
  const back = () => void navigate(PRODUCT_LIST_PATH);
  return (
    <>
      <PageHeader
        title={t('importProductsTitle')}
        subtitle={t('importProductsSubtitle')}
        breadcrumbs={[{ label: t('menu:productManagement'), to: PRODUCT_LIST_PATH }]}
      />
      <ImportWizard kind="products" onCancel={back} afterImport={back} />
    </>
  );
}
