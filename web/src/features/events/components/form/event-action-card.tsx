import { useMemo } from 'react';
import { Controller, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import SmsIcon from '@mui/icons-material/SmsOutlined';
import { ACTION_TYPES, type ActionType, type RuleRecipient } from '@tagtrack/contract';
import { RecipientPicker } from '../../../../components/recipient-picker';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { recipientOptions, type EventFormValues } from '../../model/event-form';

const TYPE_ICON = { email: MailIcon, sms: SmsIcon } as const satisfies Record<ActionType, unknown>;

/** The inputs stand out on the card's grey; their helper texts stay on it. */
const PAPER_INPUT = { '& .MuiInputBase-root': { bgcolor: 'background.paper' } } as const;

/**
 * One notification method (03 §3, §4): its type (each type once: `otherType` is taken), the users
 * to notify by their address of that type, and custom addresses or numbers typed in.
 */
export function EventActionCard({
  index,
  users,
  otherType,
  onRemove,
}: {
  index: number;
  users: readonly RuleRecipient[];
  otherType: ActionType | '' | undefined;
  onRemove: () => void;
}) {
  const { t } = useTranslation('events');
  const message = useValidationMessage();
  const { control, getValues, setValue } = useFormContext<EventFormValues>();
  const type = useWatch({ control, name: `actions.${index}.action_type` });
  const { errors } = useFormState({ control, name: `actions.${index}` });
  const options = useMemo(
    () => (type ? recipientOptions(users, type) : new Map<string, RuleRecipient>()),
    [users, type],
  );
  const recipients = useController({ control, name: `actions.${index}.recipients` });
  const custom = useController({
    control,
    name: `actions.${index}.custom`,
    rules: { deps: [`actions.${index}.recipients`] },
  });
  const customErrors = errors.actions?.[index]?.custom;
  const customError = Array.isArray(customErrors) ? customErrors.find((error) => error?.message)?.message : undefined;
  const Icon = type ? TYPE_ICON[type] : null;

  /** A new type: the addresses of the other type no longer apply; a name that was the type follows it. */
  const changeType = (next: ActionType) => {
    const dirty = { shouldDirty: true };
    const name = getValues(`actions.${index}.name`);
    if (!name || (ACTION_TYPES as readonly string[]).includes(name)) setValue(`actions.${index}.name`, next, dirty);
    setValue(`actions.${index}.recipients`, [], dirty);
    setValue(`actions.${index}.custom`, [], dirty);
  };

  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'grey.50' }}
      data-testid="event-action"
      data-type={type}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <Controller
          control={control}
          name={`actions.${index}.action_type`}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              size="small"
              label={t('fieldActionType')}
              required
              onChange={(event) => {
                field.onChange(event);
                changeType(event.target.value as ActionType);
              }}
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
              slotProps={{
                htmlInput: { 'data-testid': 'event-action-type' },
                input: Icon ? { startAdornment: <Icon fontSize="small" color="action" sx={{ mr: 1 }} /> } : undefined,
              }}
              sx={{ ...PAPER_INPUT, maxWidth: 260 }}
            >
              {ACTION_TYPES.map((value) => (
                <MenuItem key={value} value={value} disabled={value === otherType}>
                  {value === 'email' ? t('actionEmail') : t('actionSms')}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('removeAction')}>
          <IconButton aria-label={t('removeAction')} onClick={onRemove} data-testid="event-action-remove">
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <RecipientPicker
        options={options}
        chosen={recipients.field.value}
        onChosenChange={recipients.field.onChange}
        onChosenBlur={recipients.field.onBlur}
        custom={custom.field.value}
        onCustomChange={custom.field.onChange}
        onCustomBlur={custom.field.onBlur}
        labels={{
          chosen: type === 'sms' ? t('fieldRecipientsSms') : t('fieldRecipientsEmail'),
          custom: type === 'sms' ? t('fieldCustomSms') : t('fieldCustomEmail'),
          customHint: type === 'sms' ? t('customSmsHint') : t('customEmailHint'),
          noOptions: type === 'sms' ? t('noRecipientSms') : t('noRecipientEmail'),
        }}
        chosenError={message(recipients.fieldState.error?.message) || undefined}
        customError={customError ? message(customError) : undefined}
        invalidCustom={(i) => Array.isArray(customErrors) && Boolean(customErrors[i])}
        inputType={type === 'sms' ? 'tel' : 'email'}
        testId="event-action"
        disabled={!type}
        inputSx={PAPER_INPUT}
      />
    </Box>
  );
}
