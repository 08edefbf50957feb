import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TrackingSettingsUpdateSchema, type TrackingSettingsUpdate } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useTrackingSettings } from '../api/get-tracking-settings';
import { useUpdateTrackingSettings } from '../api/update-tracking-settings';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';

/**
 * System settings: how long an item may go unseen at a location with readers before it is marked
 * lost (0 = never). The contract's schema checks the value as the server does.
 */
export function TrackingCard() {
  const { t } = useTranslation(['settings', 'validation']);
  const notify = useNotify();
  const settings = useTrackingSettings();
  const update = useUpdateTrackingSettings();
  const saved = settings.data?.lost_after_minutes;
  const { register, handleSubmit, reset, setError, formState } = useForm<TrackingSettingsUpdate>({
    resolver: zodResolver(TrackingSettingsUpdateSchema),
    defaultValues: { lost_after_minutes: saved ?? 0 },
  });
  useUnsavedChangesGuard(formState.isDirty);
  const error = formState.errors.lost_after_minutes;

  useEffect(() => {
    if (saved !== undefined) reset({ lost_after_minutes: saved });
  }, [saved, reset]);

  useEffect(() => {
    if (settings.error) notify.error(t('trackingLoadFailed'), settings.error);
  }, [settings.error, notify, t]);

  const submit = handleSubmit(async (changes) => {
    try {
      await update.mutateAsync(changes);
      notify.success(t('notifyTrackingSaved'));
    } catch (failure) {
      applyServerFieldErrors(failure, ['lost_after_minutes'], setError);
      notify.error(t('notifyTrackingFailed'), failure);
    }
  });

  return (
    <Card data-testid="tracking-card" sx={{ height: '100%' }}>
      <CardHeader
        title={t('trackingTitle')}
        subheader={t('trackingSubtitle')}
        slotProps={{ subheader: { variant: 'body2', sx: { mt: 0.5 } } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {settings.isError && saved === undefined ? (
          <Alert severity="error">{t('trackingLoadFailed')}</Alert>
        ) : saved === undefined ? (
          <Skeleton variant="rounded" height={56} />
        ) : (
          <Stack
            component="form"
            noValidate
            onSubmit={submit}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
          >
            <TextField
              size="small"
              type="number"
              label={t('lostAfterMinutes')}
              {...register('lost_after_minutes', { valueAsNumber: true })}
              error={Boolean(error)}
              helperText={error ? t('validation:lostAfterMinutesRange') : t('lostAfterMinutesHelp')}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'data-testid': 'lost-after-minutes' } }}
              sx={{ flex: 1 }}
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={!formState.isDirty}
              loading={formState.isSubmitting}
              data-testid="tracking-save"
              sx={{ height: 40 }}
            >
              {t('saveTracking')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
