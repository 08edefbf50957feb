import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header';
import { CategoryListTab } from '../categories/components/category-list-tab';
import { ProductListTab } from '../products/components/product-list-tab';
import { listViewPath } from '../../../lib/list-views';

const TABS = ['category', 'product'] as const;
type ProductManagementTab = (typeof TABS)[number];
const BASE = '/admin-setting/product-management';

/** /admin-setting/product-management/:tab (administrator, application): categories and products. */
export function ProductManagementPage() {
  const { t } = useTranslation(['categories', 'products', 'menu']);
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!TABS.includes(tab as ProductManagementTab)) return <Navigate to={`${BASE}/category`} replace />;
  const current = tab as ProductManagementTab;

  return (
    <>
      <PageHeader
        title={t('menu:productManagement')}
        breadcrumbs={[{ label: t('menu:productManagement'), to: `${BASE}/category` }]}
        current={current === 'category' ? t('categories:tab') : t('products:tab')}
      />
      <Tabs
        value={current}
        onChange={(_, value: ProductManagementTab) => void navigate(listViewPath(`${BASE}/${value}`))}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="category" label={t('categories:tab')} />
        <Tab value="product" label={t('products:tab')} />
      </Tabs>
      {current === 'category' ? <CategoryListTab /> : <ProductListTab />}
    </>
  );
}
