import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useValidateReader } from '../../api/validate-reader';
import { READER_DETAIL } from './use-reader-actions';
import { FormDialog } from '../../../../components/form-dialog';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** On-premise Add Reader of the handheld list: the handheld's address, checked with validate-reader. */
export function HandheldAddressDialog({
  onClose,
  onValidated,
}: {
  onClose: () => void;
  onValidated: (address: { ip_address: string; serial?: string }) => void;
}) {
  const { t } = useTranslation(['readers', 'common', 'validation']);
  const notify = useNotify();
  const validate = useValidateReader();
  const [ip, setIp] = useState('');
  const [tried, setTried] = useState(false);
  const invalid = tried && !IPV4.test(ip.trim());
  return (
    <FormDialog
      dirty={ip.trim() !== ''}
      busy={validate.isPending}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="handheld-address-title"
      data-testid="handheld-address-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!IPV4.test(ip.trim())) return;
          validate.mutate(
            { ip_address: ip.trim() },
            {
              onSuccess: (answer) =>
                answer.valid
                  ? onValidated({ ip_address: ip.trim(), serial: answer.serial ?? undefined })
                  : notify.error(t('validateFailed'), undefined, { report: false }),
              onError: (error) => notify.error(t('validateFailed'), error, READER_DETAIL),
            },
          );
        }}
      >
        <DialogTitle id="handheld-address-title">{t('addHandheldTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('handheldAddressText')}</DialogContentText>
          <TextField
            label={t('fieldIp')}
            required
            fullWidth
            value={ip}
            onChange={(event) => setIp(event.target.value)}
            error={invalid}
            helperText={invalid ? t('validation:ipAddressRequiredOnPrem') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'handheld-ip-input' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={validate.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={validate.isPending} data-testid="handheld-ip-confirm">
            {t('validate')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
