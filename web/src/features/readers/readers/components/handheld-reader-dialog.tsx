import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HANDHELD_KIND, type Reader } from '@tagtrack/contract';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import {
  readerFormDefaults,
  readerFormSchema,
  type ReaderFormContext,
  type ReaderFormValues,
} from '../model/reader-form';
import { useSerialTaken } from '../model/use-serial-taken';
import { ConfigRowsController } from './config-rows-field';
import { useReaderFormData } from './use-reader-form-data';
import { useSaveReader } from './use-save-reader';
import { FormDialog } from '../../../../components/form-dialog';

/**
 * The mobile reader dialog (02 §2, §5 Handheld reader form): serial (not editable when editing),
 * name, description and configurations of type Handheld; on-premise also the address validated
 * before and a password.
 */
export function HandheldReaderDialog({
  reader,
  onPremise,
  address,
  onClose,
  onCreated,
}: {
  reader?: Reader;
  onPremise: boolean;
  /** On-premise add: the validated address and the serial the reader gave. */
  address?: { ip_address: string; serial?: string };
  onClose: () => void;
  onCreated: (credentials?: { serial: string; secret: string }) => void;
}) {
  const { t } = useTranslation(['readers', 'common', 'validation']);
  const message = useValidationMessage();
  const data = useReaderFormData(true);
  const save = useSaveReader();
  const ctx: ReaderFormContext = useMemo(
    () => ({ onPremise: onPremise && !reader, reader, configurations: data.byId, handheld: true }),
    [onPremise, reader, data.byId],
  );
  const { register, control, handleSubmit, formState } = useForm<ReaderFormValues>({
    resolver: zodResolver(readerFormSchema(ctx)),
    defaultValues: {
      ...readerFormDefaults(ctx, HANDHELD_KIND),
      ...(address ? { ip_address: address.ip_address, serial_number: address.serial ?? '' } : {}),
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isDirty, isSubmitting, dirtyFields } = formState;
  const serial = useWatch({ control, name: 'serial_number' });
  const serialTaken = useSerialTaken(serial, reader?.uuid);
  const [done, setDone] = useState(false);
  // Back or a link while the dialog holds changes asks first, as a form page does.
  const guard = useUnsavedChangesGuard(!done && isDirty);

  const submit = handleSubmit(async (values) => {
    if (reader) {
      const result = await save.updateReader(reader, values, ctx, Boolean(dirtyFields.rows));
      if (result.ok) {
        guard.disarm();
        onClose();
      }
      return;
    }
    const result = await save.createReader(values, ctx);
    if (result.ok) {
      guard.disarm();
      setDone(true);
      onCreated(result.credentials);
    }
  });

  return (
    <FormDialog
      open={!done}
      dirty={isDirty}
      busy={isSubmitting}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="handheld-form-title"
      data-testid="handheld-form-dialog"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="handheld-form-title">{reader ? t('editHandheldTitle') : t('addHandheldTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <TextField
              label={t('fieldSerial')}
              required={!reader}
              disabled={Boolean(reader)}
              autoComplete="off"
              {...register('serial_number')}
              error={Boolean(errors.serial_number) || serialTaken}
              helperText={
                errors.serial_number
                  ? message(errors.serial_number.message)
                  : serialTaken
                    ? t('validation:deviceSerialExists')
                    : reader
                      ? t('serialLocked')
                      : undefined
              }
              slotProps={{ htmlInput: { 'data-testid': 'handheld-serial-input' } }}
            />
            <TextField
              label={t('fieldName')}
              autoComplete="off"
              {...register('name')}
              slotProps={{ htmlInput: { 'data-testid': 'handheld-name-input' } }}
            />
            <TextField
              label={t('fieldDescription')}
              autoComplete="off"
              {...register('description')}
              slotProps={{ htmlInput: { 'data-testid': 'handheld-description-input' } }}
            />
            {ctx.onPremise && (
              <>
                <TextField
                  label={t('fieldIp')}
                  disabled
                  {...register('ip_address')}
                  error={Boolean(errors.ip_address)}
                  helperText={message(errors.ip_address?.message)}
                />
                <TextField
                  label={t('fieldPassword')}
                  type="password"
                  required
                  autoComplete="new-password"
                  {...register('password')}
                  error={Boolean(errors.password)}
                  helperText={message(errors.password?.message)}
                  slotProps={{ htmlInput: { 'data-testid': 'handheld-password-input' } }}
                />
              </>
            )}
            <Typography variant="subtitle2">{t('assignedConfigurations')}</Typography>
            {data.ready ? (
              <ConfigRowsController
                control={control}
                errors={errors}
                configurations={data.choosable}
                reader={reader}
                testId="handheld-config"
              />
            ) : (
              <Typography color="text.secondary">{t('common:loading')}</Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSubmitting}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || serialTaken}
            loading={isSubmitting}
            data-testid="handheld-save"
          >
            {t('common:save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
