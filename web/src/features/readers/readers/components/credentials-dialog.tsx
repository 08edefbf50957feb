import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('readers');
  const [copied, setCopied] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Typography>
      </Stack>
      <Tooltip title={copied ? t('copied') : t('copy')}>
        <IconButton
          aria-label={`${t('copy')}: ${label}`}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => undefined,
            )
          }
          data-testid={`${testId}-copy`}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** A new or re-initialised reader's serial and secret: the secret is shown here once and never again. */
export function CredentialsDialog({
  credentials,
  onClose,
}: {
  credentials: { serial: string; secret: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['readers', 'common']);
  return (
    <Dialog
      open={credentials !== null}
      maxWidth="sm"
      fullWidth
      aria-labelledby="reader-credentials-title"
      data-testid="reader-credentials-dialog"
    >
      <DialogTitle id="reader-credentials-title">{t('credentialsTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('credentialsOnce')}
        </Alert>
        {credentials && (
          <Stack spacing={2}>
            <CopyField label={t('fieldSerial')} value={credentials.serial} testId="reader-credentials-serial" />
            <CopyField label={t('secret')} value={credentials.secret} testId="reader-credentials-secret" />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="reader-credentials-close">
          {t('credentialsSaved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
