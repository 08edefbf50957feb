import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ProfileUpdateSchema, type CurrentUser, type ProfileUpdate } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { useUpdateProfile } from '../api/update-profile';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';

/** The contract's profile schema minus the language (saved on its own), every field present. */
const ProfileFormSchema = ProfileUpdateSchema.omit({ language: true }).required();
type ProfileFields = z.output<typeof ProfileFormSchema>;
const FIELDS = ['first_name', 'last_name', 'email', 'phone_number'] as const;
const LABELS = { first_name: 'firstName', last_name: 'lastName', email: 'email', phone_number: 'phone' } as const;

function valuesOf(me: CurrentUser): ProfileFields {
  return { first_name: me.first_name, last_name: me.last_name, email: me.email, phone_number: me.phone_number };
}

/** The user's own name and contact data (e-mail and phone exist in the cloud variant only). */
export function ProfileForm({ me, onPremise }: { me: CurrentUser; onPremise: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const update = useUpdateProfile();
  const { register, handleSubmit, reset, setError, formState } = useForm<ProfileFields>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: valuesOf(me),
  });
  useUnsavedChangesGuard(formState.isDirty);
  const { errors, isDirty, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    const changes: ProfileUpdate = onPremise ? { first_name: values.first_name, last_name: values.last_name } : values;
    try {
      const saved = await update.mutateAsync(changes);
      reset(valuesOf(saved));
      notify.success(t('saved'));
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      notify.error(t('saveFailed'), error, { withDetail: true });
    }
  });

  const field = (
    name: (typeof FIELDS)[number],
    autoComplete: string,
    extra: { type?: string; helper?: string } = {},
  ) => (
    <TextField
      label={t(LABELS[name])}
      autoComplete={autoComplete}
      type={extra.type}
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ? validationMessage(errors[name]?.message) : extra.helper}
    />
  );

  return (
    <Card component="form" onSubmit={submit} noValidate>
      <CardHeader title={t('personalDetails')} subheader={t('personalDetailsHelp')} />
      <CardContent sx={{ pt: 1 }}>
        <Grid container spacing={2.5}>
          <Grid size={12}>
            <TextField
              label={t('username')}
              value={me.username}
              helperText={t('usernameReadOnly')}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'profile-username-input' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('first_name', 'given-name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('last_name', 'family-name')}</Grid>
          {!onPremise && <Grid size={{ xs: 12, sm: 6 }}>{field('email', 'email', { type: 'email' })}</Grid>}
          {!onPremise && (
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('phone_number', 'tel', { type: 'tel', helper: t('phoneHelp') })}
            </Grid>
          )}
        </Grid>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button color="inherit" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(me))}>
            {t('common:reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty} loading={isSubmitting}>
            {t('common:save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
