import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { Category, Encoding } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ProductAttributesCard } from './product-attributes-card';
import { ProductDetailsCard } from './product-details-card';
import type { ProductFormMode } from '../model/product-form-model';
import { useProductForm } from './use-product-form';

interface ProductFormProps {
  mode: ProductFormMode;
  /** Top-level categories with their subcategories. */
  tree: readonly Category[];
  encodings: readonly Encoding[];
  /** The subscription has the sensor extension: the sensor-product toggle shows. */
  sensor: boolean;
}

/**
 * The product form (01 §2.9–2.10): the product's fields, its attributes, Delete (edit), Cancel
 * and Save, and the questions before saving an edit and before deleting. What the form does is
 * useProductForm's.
 */
export function ProductForm({ mode, tree, encodings, sensor }: ProductFormProps) {
  const { t } = useTranslation(['products', 'common']);
  const state = useProductForm(mode, tree, encodings);
  const { editing, busy, question, setQuestion } = state;
  const { control, clearErrors, formState } = state.form;

  return (
    <form onSubmit={state.submit} noValidate data-testid="product-form">
      <Stack spacing={3}>
        <ProductDetailsCard state={state} tree={tree} sensor={sensor} />

        <ProductAttributesCard
          control={control}
          fields={state.fields}
          category={state.values.category}
          errors={formState.errors.attributes}
          onEdited={(key) => clearErrors(`attributes.${key}`)}
        />

        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {editing && (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => setQuestion('delete')}
              disabled={busy}
              data-testid="product-delete"
            >
              {t('deleteProduct')}
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button color="inherit" onClick={state.cancel} disabled={busy} data-testid="product-cancel">
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={state.saveDisabled}
            loading={busy && question === null}
            data-testid="product-save"
          >
            {t('common:save')}
          </Button>
        </Stack>
      </Stack>

      <ConfirmDialog
        open={question === 'save'}
        title={t('saveTitle')}
        confirmLabel={t('yes')}
        cancelLabel={t('no')}
        destructive={false}
        busy={state.updating}
        onConfirm={() => void state.saveProduct()}
        onClose={() => setQuestion(null)}
        testId="product-save-dialog"
      >
        {t('saveText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={question === 'delete'}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        cancelLabel={t('no')}
        destructive
        busy={state.removing}
        onConfirm={() => void state.deleteProduct()}
        onClose={() => setQuestion(null)}
        testId="product-delete-dialog"
      >
        {t('deleteText', { name: editing?.name ?? '' })}
        <Box component="span" sx={{ display: 'block', mt: 1.5, fontWeight: 600 }} data-testid="product-delete-items">
          {t('deleteItems', { items: editing?.item_count ?? 0 })}
        </Box>
      </ConfirmDialog>
    </form>
  );
}
