import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { useEncodings } from '../../../../shared/configuration/get-encodings';
import { useInstanceSubscription } from '../../../../shared/configuration/get-instance-subscription';
import { useCategoryTree } from '../../api/list-categories';
import { ProductForm } from './product-form';
import type { ProductFormMode } from '../model/product-form-model';

export function ProductFormSkeleton() {
  return (
    <Card aria-hidden data-testid="product-form-loading">
      <CardContent>
        <Skeleton width={180} height={32} sx={{ mb: 2 }} />
        <Grid container spacing={2.5}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={56} />
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

/** Loads what the form needs (categories, encodings, the subscription) before it starts. */
export function ProductFormLoader({ mode }: { mode: ProductFormMode }) {
  const { t } = useTranslation(['products', 'common']);
  const tree = useCategoryTree();
  const encodings = useEncodings();
  const subscription = useInstanceSubscription();
  const failed = tree.isError || encodings.isError;
  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void tree.refetch();
              void encodings.refetch();
            }}
          >
            {t('common:retry')}
          </Button>
        }
      >
        {t('formLoadFailed')}
      </Alert>
    );
  }
  if (!tree.data || !encodings.data || subscription.isPending) return <ProductFormSkeleton />;
  return (
    <ProductForm
      mode={mode}
      tree={tree.data.results}
      encodings={encodings.data.encodings}
      sensor={subscription.data?.extension.includes('sensor') ?? false}
    />
  );
}
