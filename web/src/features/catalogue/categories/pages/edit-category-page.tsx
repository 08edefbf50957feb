import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useNotify } from '../../../../components/feedback/use-notify';
import { PageHeader } from '../../../../components/page-header';
import { isApiError } from '../../../../lib/api-client';
import { useCategory } from '../../api/get-category';
import { CATEGORY_PATHS } from '../model/category-paths';
import { CategoryForm } from '../components/category-form';

function FormSkeleton() {
  return (
    <Stack spacing={3} aria-hidden>
      <Card>
        <CardContent>
          <Skeleton width={160} height={28} sx={{ mb: 2 }} />
          <Grid container spacing={2.5}>
            {[4, 4, 4, 12].map((size, i) => (
              <Grid key={i} size={{ xs: 12, lg: size }}>
                <Skeleton variant="rounded" height={i === 3 ? 96 : 56} />
              </Grid>
            ))}
          </Grid>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Skeleton width={120} height={28} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={140} />
        </CardContent>
      </Card>
    </Stack>
  );
}

/** /admin-setting/product-management/category/modify-category/:categoryId (administrator, application). */
export function EditCategoryPage() {
  const { t } = useTranslation(['categories', 'menu', 'common']);
  const notify = useNotify();
  const { categoryId } = useParams();
  const id = Number(categoryId);
  const valid = Number.isInteger(id) && id > 0;
  const category = useCategory(id, { enabled: valid });
  const notFound = !valid || (isApiError(category.error) && category.error.status === 404);

  useEffect(() => {
    if (category.error && !notFound) notify.error(t('loadOneFailed'), category.error);
  }, [category.error, notFound, notify, t]);

  return (
    <>
      <PageHeader
        title={category.data ? `${t('editTitle')}: ${category.data.name}` : t('editTitle')}
        subtitle={t('editSubtitle')}
        breadcrumbs={[
          { label: t('menu:productManagement'), to: CATEGORY_PATHS.list },
          { label: t('tab'), to: CATEGORY_PATHS.list },
        ]}
      />
      {category.data ? (
        // Keyed by the category: a fresh form when another one is opened.
        <CategoryForm key={category.data.id} mode={{ kind: 'edit', category: category.data }} />
      ) : notFound || category.isError ? (
        <Alert
          severity={notFound ? 'warning' : 'error'}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={CATEGORY_PATHS.list}>
              {t('backToList')}
            </Button>
          }
        >
          {notFound ? t('notFound') : t('loadOneFailed')}
        </Alert>
      ) : (
        <FormSkeleton />
      )}
    </>
  );
}
