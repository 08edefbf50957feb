import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EncodingUpdateSchema,
  encodingChangeRefusal,
  type Encoding,
  type EncodingChange,
  type EncodingFacts,
  type EncodingMethod,
  type EncodingUpdate,
} from '@tagtrack/contract';
import { DisabledReason } from '../../../components/disabled-reason';
import { useNotify } from '../../../components/feedback/use-notify';
import { useEncodingLabel } from '../../../shared/configuration/encoding-label';
import { useEncodings } from '../../../shared/configuration/get-encodings';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { useUpdateEncoding } from '../api/update-encoding';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';

const DESCRIPTION_KEYS = {
  NID32: 'describeNid32',
  NID64: 'describeNid64',
  SGTIN96: 'describeSgtin96',
  LOOKUP: 'describeLookup',
} as const satisfies Record<EncodingMethod, string>;

type PrefixForm = z.input<typeof EncodingUpdateSchema>;

/** The SGTIN-96 company prefix: checked on submit with the contract's rule (6–12 digits). */
function CompanyPrefixForm({ encoding, busy }: { encoding: Encoding; busy: boolean }) {
  const { t } = useTranslation(['encodings', 'validation']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const update = useUpdateEncoding();
  const saved = encoding.metadata.companyPrefix ?? '';
  const { register, handleSubmit, setError, reset, formState } = useForm<PrefixForm, unknown, EncodingUpdate>({
    resolver: zodResolver(EncodingUpdateSchema),
    defaultValues: { metadata: { companyPrefix: saved } },
  });
  useUnsavedChangesGuard(formState.isDirty);
  const error = formState.errors.metadata?.companyPrefix;

  useEffect(() => reset({ metadata: { companyPrefix: saved } }), [saved, reset]);

  const submit = handleSubmit(async (changes) => {
    try {
      await update.mutateAsync({ id: encoding.id, changes });
      notify.success(t('notifyPrefixSaved'));
    } catch (failure) {
      applyServerFieldErrors(failure, ['metadata.companyPrefix'], setError);
      notify.error(t('notifyUpdateFailed'), failure, { withDetail: true });
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction="row"
      spacing={1}
      sx={{ mt: 1.5, alignItems: 'flex-start', maxWidth: 420 }}
    >
      <TextField
        size="small"
        label={t('companyPrefix')}
        {...register('metadata.companyPrefix')}
        error={Boolean(error)}
        helperText={error ? validationMessage(error.message) : t('companyPrefixHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'company-prefix-input' } }}
        sx={{ flex: 1 }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={busy || !formState.isDirty}
        loading={formState.isSubmitting}
        data-testid="company-prefix-save"
        sx={{ whiteSpace: 'nowrap', height: 40 }}
      >
        {t('savePrefix')}
      </Button>
    </Stack>
  );
}

/**
 * System settings: the customer's four encoding methods, each enabled or not, one the default,
 * and the SGTIN-96 company prefix. The rules (the default stays enabled, one method stays enabled,
 * SGTIN-96 needs a prefix) are the contract's, shared with the server: a switch or radio button
 * that would be refused is disabled and says why.
 */
export function EncodingsCard() {
  const { t } = useTranslation(['encodings', 'common', 'validation']);
  const notify = useNotify();
  const label = useEncodingLabel();
  const encodings = useEncodings();
  const update = useUpdateEncoding();
  const busy = update.isPending;

  useEffect(() => {
    if (encodings.error) notify.error(t('notifyLoadFailed'), encodings.error);
  }, [encodings.error, notify, t]);

  const change = async (encoding: Encoding, changes: EncodingUpdate, success: string) => {
    try {
      await update.mutateAsync({ id: encoding.id, changes });
      notify.success(success);
    } catch (failure) {
      notify.error(t('notifyUpdateFailed'), failure, { withDetail: true });
    }
  };

  const rows = encodings.data?.encodings;
  const facts = (rows ?? []).map((e): EncodingFacts => ({
    id: e.id,
    method: e.method,
    disabled: e.disabled,
    isDefault: e.default,
    companyPrefix: e.metadata.companyPrefix ?? null,
  }));
  /** The server's refusal of this change, in the user's language, or null when it would accept it. */
  const refusal = (encoding: Encoding, changes: EncodingChange): string | null => {
    const refused = encodingChangeRefusal(facts, encoding.id, changes);
    return refused ? t(`validation:${refused.message}`) : null;
  };
  return (
    <Card data-testid="encodings-card">
      <CardHeader
        title={t('cardTitle')}
        subheader={t('cardSubtitle')}
        slotProps={{ subheader: { variant: 'body2', sx: { mt: 0.5, maxWidth: 720 } } }}
      />
      {encodings.isError && !rows ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {t('notifyLoadFailed')}
        </Alert>
      ) : (
        <Table size="medium" aria-label={t('cardTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columnMethod')}</TableCell>
              <TableCell align="center" sx={{ width: 120 }}>
                {t('columnEnabled')}
              </TableCell>
              <TableCell align="center" sx={{ width: 120 }}>
                {t('columnDefault')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows
              ? rows.map((encoding) => {
                  const name = label(encoding);
                  return (
                    <TableRow
                      key={encoding.id}
                      data-testid={`encoding-${encoding.method}`}
                      sx={{ verticalAlign: 'top' }}
                    >
                      <TableCell sx={{ py: 2 }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                            {name}
                          </Typography>
                          {encoding.default && <Chip size="small" color="primary" label={t('defaultBadge')} />}
                          {encoding.disabled && <Chip size="small" variant="outlined" label={t('disabledBadge')} />}
                        </Stack>
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                          {t(DESCRIPTION_KEYS[encoding.method])}
                        </Typography>
                        {encoding.method === 'SGTIN96' && <CompanyPrefixForm encoding={encoding} busy={busy} />}
                      </TableCell>
                      <TableCell align="center" sx={{ py: 1.5 }}>
                        <DisabledReason reason={refusal(encoding, { disabled: !encoding.disabled })}>
                          <Switch
                            checked={!encoding.disabled}
                            disabled={busy || refusal(encoding, { disabled: !encoding.disabled }) !== null}
                            onChange={(_, on) =>
                              void change(
                                encoding,
                                { disabled: !on },
                                t(on ? 'notifyEnabled' : 'notifyDisabled', { name }),
                              )
                            }
                            slotProps={{
                              input: {
                                'aria-label': t('enableMethod', { name }),
                                // @ts-expect-error data attributes are valid on the input
                                'data-testid': `encoding-${encoding.method}-enabled`,
                              },
                            }}
                          />
                        </DisabledReason>
                      </TableCell>
                      <TableCell align="center" sx={{ py: 1.5 }}>
                        <DisabledReason reason={encoding.default ? null : refusal(encoding, { default: true })}>
                          <Radio
                            checked={encoding.default}
                            disabled={busy || (!encoding.default && refusal(encoding, { default: true }) !== null)}
                            onChange={() => void change(encoding, { default: true }, t('notifyDefault', { name }))}
                            slotProps={{
                              input: {
                                'aria-label': t('makeDefault', { name }),
                                // @ts-expect-error data attributes are valid on the input
                                'data-testid': `encoding-${encoding.method}-default`,
                              },
                            }}
                          />
                        </DisabledReason>
                      </TableCell>
                    </TableRow>
                  );
                })
              : [0, 1, 2, 3].map((i) => (
                  <TableRow key={i}>
                    <TableCell>
                      <Skeleton width={120} />
                      <Skeleton width="60%" />
                    </TableCell>
                    <TableCell align="center">
                      <Skeleton variant="rounded" width={34} height={14} sx={{ mx: 'auto' }} />
                    </TableCell>
                    <TableCell align="center">
                      <Skeleton variant="circular" width={20} height={20} sx={{ mx: 'auto' }} />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
