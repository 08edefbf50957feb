import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ReportRecipientsSchema, type RuleRecipient } from '@tagtrack/contract';
import { FormSection } from '../../../../components/form-section';
import { RecipientPicker } from '../../../../components/recipient-picker';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useReportRecipients } from '../../api/list-report-recipients';

/** The users offered, by e-mail address (a user without one cannot be mailed). */
function userOptions(users: readonly RuleRecipient[]): Map<string, RuleRecipient> {
  const options = new Map<string, RuleRecipient>();
  for (const user of users) if (user.email && !options.has(user.email)) options.set(user.email, user);
  return options;
}

/** The indexes of the entries that are not e-mail addresses (the contract's rule), by their position. */
export function invalidRecipients(recipients: readonly string[]): Set<number> {
  const result = ReportRecipientsSchema.safeParse(recipients);
  return new Set(result.success ? [] : result.error.issues.map((issue) => Number(issue.path[0])));
}

/**
 * Who each run's CSV is mailed to (beyond the spec): the customer's users by name and addresses
 * typed in, with the event form's picker. The value is one list of addresses, the users' first.
 */
export function ReportRecipientsSection({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const users = useReportRecipients();
  const options = useMemo(() => userOptions(users.data ?? []), [users.data]);
  const chosen = value.filter((address) => options.has(address));
  const custom = value.filter((address) => !options.has(address));
  const invalid = invalidRecipients(custom);
  return (
    <FormSection title={t('formRecipients')} testId="report-recipients-section">
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('recipientsHint')}
        </Typography>
        <RecipientPicker
          options={options}
          chosen={chosen}
          onChosenChange={(next) => onChange([...next, ...custom])}
          custom={custom}
          onCustomChange={(next) => onChange([...chosen, ...next])}
          labels={{
            chosen: t('recipientsUsers'),
            custom: t('recipientsCustom'),
            customHint: t('recipientsCustomHint'),
            noOptions: t('recipientsNoUsers'),
          }}
          customError={invalid.size > 0 ? message('invalidEmailAddress') : undefined}
          invalidCustom={(i) => invalid.has(i)}
          inputType="email"
          testId="report"
        />
      </Stack>
    </FormSection>
  );
}
