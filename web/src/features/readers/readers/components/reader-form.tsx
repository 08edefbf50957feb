import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_READER_KIND, HANDHELD_KIND, type Reader } from '@tagtrack/contract';
import { PageProgress } from '../../../../components/page-progress';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import {
  readerFormDefaults,
  readerFormSchema,
  typeLocked,
  type ReaderFormContext,
  type ReaderFormValues,
} from '../model/reader-form';
import { useSerialTaken } from '../model/use-serial-taken';
import { ConfigRowsController } from './config-rows-field';
import { CredentialsDialog } from './credentials-dialog';
import { useReaderFormData } from './use-reader-form-data';
import { useSaveReader } from './use-save-reader';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';

export const READERS_LIST = '/readers/reader';
const SERVER_FIELDS = ['serial_number', 'reader_type', 'ip_address', 'password', 'name', 'description'] as const;

/**
 * Add or edit a fixed reader (02 §2 Reader add/edit forms, §5): type (Handheld not offered; fixed
 * while configurations are assigned), serial, name, description, on-premise IP and password, and
 * the configuration rows. Save waits for a change; the rules run on submit.
 */
export function ReaderForm({
  reader,
  onPremise,
  initial,
}: {
  reader?: Reader;
  onPremise: boolean;
  /** Values to start an added reader with (a discovered reader's serial, address and type). */
  initial?: Partial<Pick<ReaderFormValues, 'serial_number' | 'ip_address' | 'reader_type'>>;
}) {
  const data = useReaderFormData(false);
  if (!data.ready) return <PageProgress />;
  return <ReaderFormLoaded reader={reader} onPremise={onPremise} initial={initial} data={data} />;
}

function ReaderFormLoaded({
  reader,
  onPremise,
  initial,
  data,
}: {
  reader?: Reader;
  onPremise: boolean;
  initial?: Partial<ReaderFormValues>;
  data: ReturnType<typeof useReaderFormData>;
}) {
  const { t } = useTranslation(['readers', 'common', 'validation']);
  const message = useValidationMessage();
  const navigate = useNavigate();
  const save = useSaveReader();
  const ctx: ReaderFormContext = useMemo(
    () => ({ onPremise, reader, configurations: data.byId }),
    [onPremise, reader, data.byId],
  );
  const kinds = (data.kinds.data?.results ?? []).filter((k) => k.name !== HANDHELD_KIND && !k.disabled);
  const defaultKind = kinds.some((k) => k.name === DEFAULT_READER_KIND) ? DEFAULT_READER_KIND : (kinds[0]?.name ?? '');
  const { register, control, handleSubmit, setError, formState } = useForm<ReaderFormValues>({
    resolver: zodResolver(readerFormSchema(ctx)),
    defaultValues: { ...readerFormDefaults(ctx, defaultKind), ...initial },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isDirty, isSubmitting, dirtyFields } = formState;
  const serial = useWatch({ control, name: 'serial_number' });
  const serialTaken = useSerialTaken(serial, reader?.uuid);
  const [credentials, setCredentials] = useState<{ serial: string; secret: string } | null>(null);
  const locked = typeLocked(ctx);

  const guard = useUnsavedChangesGuard(isDirty);

  const submit = handleSubmit(async (values) => {
    const result = reader
      ? await save.updateReader(reader, values, ctx, Boolean(dirtyFields.rows))
      : await save.createReader(values, ctx);
    if (!result.ok) {
      applyServerFieldErrors(result.error, SERVER_FIELDS, setError);
      return;
    }
    // Saved: the way back to the list asks nothing.
    guard.disarm();
    if (result.credentials) setCredentials(result.credentials);
    else void navigate(READERS_LIST);
  });

  const text = (
    name: 'serial_number' | 'name' | 'description' | 'ip_address' | 'password',
    label: string,
    extra: object = {},
  ) => (
    <TextField
      label={label}
      fullWidth
      autoComplete="off"
      {...register(name)}
      error={Boolean(errors[name]) || (name === 'serial_number' && serialTaken)}
      helperText={
        errors[name]
          ? message(errors[name]?.message)
          : name === 'serial_number' && serialTaken
            ? t('validation:deviceSerialExists')
            : undefined
      }
      slotProps={{ htmlInput: { 'data-testid': `reader-${name.replace('_', '-')}-input` } }}
      {...extra}
    />
  );

  return (
    <Card component="form" noValidate onSubmit={submit} data-testid="reader-form">
      <CardContent>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="reader_type"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fieldType')}
                  required
                  fullWidth
                  disabled={locked}
                  {...field}
                  error={Boolean(errors.reader_type)}
                  helperText={
                    errors.reader_type ? message(errors.reader_type.message) : locked ? t('typeLocked') : undefined
                  }
                  slotProps={{ htmlInput: { 'data-testid': 'reader-type-input' } }}
                >
                  {kinds.map((kind) => (
                    <MenuItem key={kind.id} value={kind.name}>
                      {kind.name}
                    </MenuItem>
                  ))}
                  {reader && !kinds.some((k) => k.name === reader.kind) && (
                    <MenuItem value={reader.kind}>{reader.kind}</MenuItem>
                  )}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>{text('serial_number', t('fieldSerial'), { required: true })}</Grid>
          <Grid size={{ xs: 12, md: 6 }}>{text('name', t('fieldName'))}</Grid>
          <Grid size={{ xs: 12, md: 6 }}>{text('description', t('fieldDescription'))}</Grid>
          {onPremise && <Grid size={{ xs: 12, md: 6 }}>{text('ip_address', t('fieldIp'), { required: true })}</Grid>}
          {onPremise && !reader && (
            <Grid size={{ xs: 12, md: 6 }}>
              {text('password', t('fieldPassword'), { required: true, type: 'password', autoComplete: 'new-password' })}
            </Grid>
          )}
        </Grid>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h3" sx={{ mb: 0.5, fontSize: '1rem', fontWeight: 600 }}>
          {t('assignedConfigurations')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('assignedConfigurationsHelp')}
        </Typography>
        <ConfigRowsController control={control} errors={errors} configurations={data.choosable} reader={reader} />
      </CardContent>
      <Divider />
      <Stack direction="row" spacing={1} sx={{ p: 2, justifyContent: 'flex-end' }}>
        <Button
          color="inherit"
          onClick={() => void navigate(READERS_LIST)}
          disabled={isSubmitting}
          data-testid="reader-cancel"
        >
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || serialTaken}
          loading={isSubmitting || save.busy}
          data-testid="reader-save"
        >
          {t('common:save')}
        </Button>
      </Stack>
      <CredentialsDialog
        credentials={credentials}
        onClose={() => {
          setCredentials(null);
          void navigate(READERS_LIST);
        }}
      />
    </Card>
  );
}
