import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useWholeLocationTree } from '../../../../shared/locations/get-whole-location-tree';
import { ItemAttributesCard } from './item-attributes-card';
import { ItemDetailsCard } from './item-details-card';
import type { ItemFormMode } from '../model/item-form-model';
import { ItemLocationField } from './item-location-field';
import { useItemForm } from './use-item-form';

interface ItemFormProps {
  mode: ItemFormMode;
  /** Edit: after a save or a delete. */
  onFinished?: () => void;
  onCancel: () => void;
}

/**
 * Add and edit an item (01 §2.11): the details and attributes beside the location, Delete (edit),
 * Cancel and Save below. What the form does is useItemForm's.
 */
export function ItemForm({ mode, onFinished, onCancel }: ItemFormProps) {
  const { t } = useTranslation(['items', 'common']);
  const state = useItemForm(mode, onFinished);
  const locationTree = useWholeLocationTree();
  const { editing, busy, message } = state;
  const { setValue, clearErrors, formState } = state.form;

  return (
    <form onSubmit={state.submit} noValidate data-testid="item-form">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <ItemDetailsCard state={state} />
            <ItemAttributesCard state={state} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card>
            <CardHeader title={t('location')} />
            <CardContent sx={{ pt: 1 }}>
              <ItemLocationField
                tree={locationTree.data}
                value={state.location}
                onChange={(uuid) => {
                  setValue('location', uuid);
                  clearErrors('location');
                }}
                error={message(formState.errors.location?.message)}
              />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, alignItems: 'center' }}>
        {editing && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => state.setConfirmDelete(true)}
            disabled={busy}
            data-testid="item-delete"
          >
            {t('delete')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" onClick={onCancel} disabled={busy} data-testid="item-cancel">
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={formState.isSubmitting}
          disabled={busy || state.decoding}
          data-testid="item-save"
        >
          {t('common:save')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={state.confirmDelete}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        busy={state.removing}
        onConfirm={() => void state.confirmRemove()}
        onClose={() => state.setConfirmDelete(false)}
      >
        {t('deleteText', { code: editing?.code ?? '' })}
      </ConfirmDialog>
    </form>
  );
}
