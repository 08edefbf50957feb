import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page-header';
import { CATEGORY_PATHS } from '../model/category-paths';
import { CategoryForm } from '../components/category-form';

/** /admin-setting/product-management/category/add-category (administrator, application). */
export function AddCategoryPage() {
  const { t } = useTranslation(['categories', 'menu']);
  return (
    <>
      <PageHeader
        title={t('addTitle')}
        subtitle={t('addSubtitle')}
        breadcrumbs={[
          { label: t('menu:productManagement'), to: CATEGORY_PATHS.list },
          { label: t('tab'), to: CATEGORY_PATHS.list },
        ]}
      />
      <CategoryForm mode={{ kind: 'add' }} />
    </>
  );
}
