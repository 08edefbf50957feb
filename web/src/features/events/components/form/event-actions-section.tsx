import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { RULE_ACTIONS_MAX, type RuleRecipient } from '@tagtrack/contract';
import { FormSection } from '../../../../components/form-section';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { newAction, type EventFormValues } from '../../model/event-form';
import { EventActionCard } from './event-action-card';

/** The event's notification methods (03 §4): at most two, one by e-mail and one by SMS. */
export function EventActionsSection({ users }: { users: readonly RuleRecipient[] }) {
  const { t } = useTranslation('events');
  const message = useValidationMessage();
  const { control } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'actions' });
  const types = useWatch({ control, name: 'actions' }).map((action) => action.action_type);
  const { errors } = useFormState({ control, name: 'actions' });
  const together = errors.actions?.message ?? errors.actions?.root?.message;
  return (
    <FormSection
      title={t('sectionNotifications')}
      testId="event-actions-section"
      action={
        <Button
          startIcon={<AddIcon />}
          onClick={() => append(newAction(types))}
          disabled={fields.length >= RULE_ACTIONS_MAX}
          data-testid="event-action-add"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('addAction')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {t('notificationsHint')}
      </Typography>
      <Stack spacing={2}>
        {fields.length === 0 && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 2,
              p: 2,
              textAlign: 'center',
            }}
            data-testid="event-no-actions"
          >
            {t('noActions')}
          </Typography>
        )}
        {fields.map((field, index) => (
          <EventActionCard
            key={field.id}
            index={index}
            users={users}
            otherType={types[1 - index]}
            onRemove={() => remove(index)}
          />
        ))}
      </Stack>
      {together && (
        <FormHelperText error role="alert" sx={{ mx: 1.75 }}>
          {message(together)}
        </FormHelperText>
      )}
    </FormSection>
  );
}
