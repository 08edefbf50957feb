import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import type { OutboxMessage } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { InfoList } from '../../../components/info-list';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { MailStatusChip } from './mail-status-chip';

interface OutboxMessageDialogProps {
  message: OutboxMessage | null;
  open: boolean;
  onClose: () => void;
}

/** One outgoing message as it was written: its facts, then the body verbatim (a reset link can be copied from it). */
export function OutboxMessageDialog({ message, open, onClose }: OutboxMessageDialogProps) {
  const { t } = useTranslation(['outbox', 'common']);
  const notify = useNotify();

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('copied'));
    } catch (error) {
      notify.error(t('copyFailed'), error, { report: false });
    }
  };

  return (
    <Dialog
      open={open && message !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="outbox-message-title"
    >
      {message && (
        <>
          <DialogTitle id="outbox-message-title" sx={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </DialogTitle>
          <DialogContent dividers>
            <InfoList
              items={[
                { label: t('columnRecipient'), value: message.recipient },
                { label: t('columnTime'), value: formatTimestamp(message.created_at) },
                { label: t('columnStatus'), value: <MailStatusChip message={message} /> },
                ...(message.error ? [{ label: t('error'), value: message.error }] : []),
              ]}
            />
            <Box
              component="pre"
              data-testid="outbox-body"
              sx={{
                mt: 2,
                mb: 0,
                p: 2,
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: 13,
                lineHeight: 1.6,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                bgcolor: 'grey.50',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              {message.body}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(message.body)}>
              {t('copyBody')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('common:close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
