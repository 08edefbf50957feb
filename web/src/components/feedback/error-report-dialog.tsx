import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { ERROR_REPORT_COMMENT_MAX, ErrorReportSchema, SNACKBAR_DURATION_MS } from '@tagtrack/contract';
import { useErrorReportStore } from '../../lib/error-report-store';
import { FormDialog } from '../form-dialog';
import { buildErrorReport, truncateResponse, type MappedError } from '../../lib/errors';
import { useValidationMessage } from '../../lib/use-validation-message';
import { useNotify } from './use-notify';
import { useSendErrorReport } from './send-error-report';

const CommentSchema = ErrorReportSchema.pick({ comment: true });

function DetailRow({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '9rem 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{
          m: 0,
          wordBreak: 'break-word',
          fontFamily: mono ? 'ui-monospace, Menlo, Consolas, monospace' : undefined,
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function ReportForm({
  error,
  onClose,
  onDirty,
}: {
  error: MappedError;
  onClose: () => void;
  /** Whether a comment was typed, for the dialog's question before a click beside it drops it. */
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation(['errors', 'common']);
  const validationMessage = useValidationMessage();
  const notify = useNotify();
  const send = useSendErrorReport();
  const [showDetails, setShowDetails] = useState(false);
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(CommentSchema),
    defaultValues: { comment: '' },
    mode: 'onChange',
  });
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const dirty = comment !== '';
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const commentError = formState.errors.comment?.message;
  const code = [error.status || null, error.type].filter(Boolean).join(' · ');

  const onSubmit = handleSubmit(async ({ comment: text }) => {
    try {
      await send.mutateAsync(buildErrorReport(error, text ?? ''));
      notify.success(t('reportSent'), { duration: SNACKBAR_DURATION_MS });
      onClose();
    } catch (failure) {
      notify.error(t('reportFailed'), failure, { report: false });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogTitle>{t('reportTitle')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('reportIntro')}
        </Typography>
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          <AlertTitle sx={{ fontWeight: 600 }}>{error.message}</AlertTitle>
          {error.typeMessage}
          {error.items.length > 0 && (
            <Box component="ol" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label={t('detailList')}>
              {error.items.map((item, index) => (
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </Box>
          )}
        </Alert>
        <Button
          size="small"
          onClick={() => setShowDetails((v) => !v)}
          endIcon={showDetails ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={showDetails}
          sx={{ mb: 1, ml: -1 }}
        >
          {showDetails ? t('hideDetails') : t('showDetails')}
        </Button>
        <Collapse in={showDetails} unmountOnExit>
          <Box component="dl" sx={{ m: 0, mb: 2, px: 2, py: 1, bgcolor: 'grey.50', borderRadius: 2 }}>
            {typeof error.detail === 'string' && <DetailRow label={t('detail')} value={error.detail} />}
            {error.request && <DetailRow label={t('requestUrl')} value={error.request} mono />}
            {code && <DetailRow label={t('errorCode')} value={code} />}
            {error.id && <DetailRow label={t('errorId')} value={error.id} mono />}
            {error.response && <DetailRow label={t('response')} value={truncateResponse(error.response)} mono />}
            <DetailRow label={t('timestamp')} value={error.time} />
            {error.userAgent && <DetailRow label={t('userAgent')} value={error.userAgent} />}
          </Box>
        </Collapse>
        <TextField
          label={t('comment')}
          multiline
          minRows={3}
          {...register('comment')}
          error={Boolean(commentError)}
          helperText={
            commentError
              ? validationMessage(commentError)
              : t('commentHelp', { length: comment.length, max: ERROR_REPORT_COMMENT_MAX })
          }
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('common:cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={send.isPending} disabled={Boolean(commentError)}>
          {t('sendReport')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The report dialog opened from an error snackbar's Report button (spec 01 §8, 03 §8). */
export function ErrorReportDialog() {
  const error = useErrorReportStore((s) => s.error);
  const close = useErrorReportStore((s) => s.close);
  const [dirty, setDirty] = useState(false);
  return (
    <FormDialog open={error !== null} dirty={error !== null && dirty} onClose={close} fullWidth maxWidth="sm">
      {error && <ReportForm key={error.time + error.text} error={error} onClose={close} onDirty={setDirty} />}
    </FormDialog>
  );
}
