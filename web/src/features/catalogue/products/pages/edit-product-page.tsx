import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { isApiError } from '../../../../lib/api-client';
import { useProduct } from '../../api/get-product';
import { ProductFormLoader, ProductFormSkeleton } from '../components/product-form-loader';
import { isUnassignedProduct } from '../model/product-model';
import { PRODUCT_PATHS } from '../model/product-paths';

/** /admin-setting/product-management/product/modify-product/:productSku (01 §2.10). */
export function EditProductPage() {
  const { t } = useTranslation(['products', 'menu', 'common', 'validation']);
  const { productSku = '' } = useParams();
  const product = useProduct(productSku);
  const notFound = isApiError(product.error) && product.error.status === 404;

  return (
    <>
      <PageHeader
        title={t('editTitle')}
        subtitle={product.data ? t('editSubtitle', { name: product.data.name, sku: product.data.sku }) : undefined}
        breadcrumbs={[{ label: t('menu:productManagement'), to: PRODUCT_PATHS.list }]}
      />
      {product.data && isUnassignedProduct(product.data) ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={PRODUCT_PATHS.list}>
              {t('backToList')}
            </Button>
          }
          data-testid="product-unassigned-locked"
        >
          {t('validation:unassignedProductLocked')}
        </Alert>
      ) : product.data ? (
        <ProductFormLoader key={product.data.sku} mode={{ kind: 'edit', product: product.data }} />
      ) : product.isError ? (
        <Alert
          severity={notFound ? 'warning' : 'error'}
          action={
            notFound ? (
              <Button color="inherit" size="small" component={RouterLink} to={PRODUCT_PATHS.list}>
                {t('backToList')}
              </Button>
            ) : (
              <Button color="inherit" size="small" onClick={() => void product.refetch()}>
                {t('common:retry')}
              </Button>
            )
          }
          data-testid="product-load-error"
        >
          {notFound ? t('productNotFound', { sku: productSku }) : t('productLoadFailed')}
        </Alert>
      ) : (
        <ProductFormSkeleton />
      )}
    </>
  );
}
