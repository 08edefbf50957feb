import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { MESSAGE_KEYS, ROLES, isRole, type CurrentUser, type UserAdmin } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { LanguageSelect } from '../../../../components/language-select';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useCreateUser } from '../../api/create-user';
import { useUpdateUser } from '../../api/update-user';
import {
  disabledRoles,
  passwordRule,
  toCreatePayload,
  toUpdatePayload,
  userFormDefaults,
  userFormSchema,
  type UserFormContext,
  type UserFormValues,
} from '../model/user-form';
import { useRoleLabel } from '../../../../lib/use-role-label';
import { FormDialog } from '../../../../components/form-dialog';

const FIELDS = ['username', 'first_name', 'last_name', 'email', 'phone_number', 'password', 'roles'] as const;
/** Where the console goes after an on-premise add or edit (02 §2): /user-tabs, which opens the Users tab. */
const AFTER_ONPREMISE_SAVE = '/user-tabs';

/**
 * Add User and Edit User (02 §5 Users): the contract's field rules plus the variant's. Cloud users
 * have e-mail, phone and language; on-premise users a password set here. Save waits for a valid,
 * changed form.
 */
export function UserFormDialog({
  target,
  me,
  onPremise,
  onClose,
}: {
  /** The user to edit; absent when adding. */
  target?: UserAdmin;
  me: CurrentUser;
  onPremise: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['users', 'common', 'validation']);
  const roleLabel = useRoleLabel();
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser();
  const ctx: UserFormContext = useMemo(() => ({ target, me, onPremise }), [target, me, onPremise]);
  const schema = useMemo(() => userFormSchema(ctx), [ctx]);
  const { register, control, handleSubmit, setError, formState } = useForm<UserFormValues>({
    resolver: zodResolver(schema),
    defaultValues: userFormDefaults(ctx, me.language),
    mode: 'onTouched',
  });
  const { errors, isDirty, isValid, isSubmitting } = formState;
  // Back or a link while the dialog holds changes asks first, as a form page does.
  const guard = useUnsavedChangesGuard(isDirty);
  const editing = target !== undefined;
  const password = passwordRule(ctx);
  const lockedRoles = disabledRoles(ctx);
  // The server's uniqueness message names no field; on the username it reads as the spec says.
  const serverText = (message: string) =>
    message === MESSAGE_KEYS.fieldMustBeUnique ? MESSAGE_KEYS.usernameTaken : message;

  const submit = handleSubmit(async (values) => {
    try {
      if (target) {
        await update.mutateAsync({ id: target.id, changes: toUpdatePayload(values, ctx) });
        notify.success(t('updated'));
      } else {
        await create.mutateAsync(toCreatePayload(values, ctx));
        notify.success(t('created'));
      }
      guard.disarm();
      onClose();
      if (onPremise) void navigate(AFTER_ONPREMISE_SAVE);
    } catch (error) {
      const onFields = applyServerFieldErrors(error, FIELDS, setError, serverText);
      notify.error(target ? t('updateFailed') : t('createFailed'), error, { withDetail: !onFields });
    }
  });

  const text = (
    name: 'username' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'password',
    label: string,
    options: { helper?: string; disabled?: boolean; required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
    <TextField
      label={label}
      type={options.type}
      required={options.required}
      disabled={options.disabled}
      autoComplete={options.autoComplete ?? 'off'}
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ? validationMessage(errors[name]?.message) : options.helper}
      slotProps={{ htmlInput: { 'data-testid': `user-${name.replace('_', '-')}-input` } }}
    />
  );

  const passwordHelp = {
    required: t('passwordHelpRequired'),
    optional: editing ? t('passwordHelpOwn') : t('passwordHelpCloud'),
    disabled: t('passwordHelpLocked'),
    hidden: undefined,
  }[password];
  const roleHelp =
    lockedRoles.size === ROLES.length ? t('roleHelpLocked') : lockedRoles.size > 0 ? t('roleHelpOwn') : undefined;

  return (
    <FormDialog
      dirty={isDirty}
      busy={isSubmitting}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="user-form-title"
      data-testid="user-form-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="user-form-title">{editing ? t('editTitle') : t('addTitle')}</DialogTitle>
        <DialogContent dividers>
          <Grid container spacing={2.5} sx={{ pt: 0.5 }}>
            <Grid size={12}>
              {text('username', t('fieldUsername'), {
                required: !editing,
                disabled: editing,
                helper: editing ? t('usernameLocked') : t('usernameHelp'),
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('first_name', t('fieldFirstName'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('last_name', t('fieldLastName'))}</Grid>
            {!onPremise && (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('email', t('fieldEmail'), { required: true, type: 'email' })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('phone_number', t('fieldPhone'), { type: 'tel', helper: t('phoneHelp') })}
                </Grid>
                <Grid size={12}>
                  <Controller
                    control={control}
                    name="language"
                    render={({ field }) => (
                      <LanguageSelect
                        value={field.value}
                        onChange={field.onChange}
                        label={t('fieldLanguage')}
                        testId="user-language-select"
                        disabled={editing}
                      />
                    )}
                  />
                  {editing && <FormHelperText sx={{ mx: 1.75 }}>{t('languageLocked')}</FormHelperText>}
                </Grid>
              </>
            )}
            {password !== 'hidden' && (
              <Grid size={12}>
                {text('password', t('fieldPassword'), {
                  type: 'password',
                  autoComplete: 'new-password',
                  required: password === 'required',
                  disabled: password === 'disabled',
                  helper: passwordHelp,
                })}
              </Grid>
            )}
            <Grid size={12}>
              <Controller
                control={control}
                name="roles"
                render={({ field, fieldState }) => (
                  <FormControl required error={Boolean(fieldState.error)} data-testid="user-roles">
                    <FormLabel id="user-role-label">{t('fieldRole')}</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby="user-role-label"
                      name={field.name}
                      value={field.value[0] ?? ''}
                      onChange={(_, value) => field.onChange(isRole(value) ? [value] : [])}
                      onBlur={field.onBlur}
                    >
                      {ROLES.map((role) => (
                        <FormControlLabel
                          key={role}
                          value={role}
                          control={<Radio slotProps={{ input: { 'data-testid': `user-role-${role}` } as object }} />}
                          label={roleLabel(role)}
                          disabled={lockedRoles.has(role)}
                        />
                      ))}
                    </RadioGroup>
                    {(fieldState.error || roleHelp) && (
                      <FormHelperText>
                        {fieldState.error ? validationMessage(fieldState.error.message) : roleHelp}
                      </FormHelperText>
                    )}
                  </FormControl>
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSubmitting}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isValid || !isDirty}
            loading={isSubmitting}
            data-testid="user-save"
          >
            {t('common:save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
