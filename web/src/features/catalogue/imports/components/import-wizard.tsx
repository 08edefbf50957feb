import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { IMPORT_ERRORS_MAX, type ImportPreview, type ImportResult } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useCommitImport } from '../../api/commit-import';
import { useDownloadImportTemplate } from '../../api/get-import-template';
import type { ImportKind } from '../../api/import-routes';
import { usePreviewImport } from '../../api/preview-import';
import { commitRowErrors, fileProblem } from '../model/import-messages';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { CsvFileInput } from './csv-file-input';
import { ImportErrorList } from './import-error-list';

export interface ImportWizardProps {
  kind: ImportKind;
  onCancel: () => void;
  /** After success: 'summary' stays with a summary for the next file, a function leaves (to the product list). */
  afterImport: 'summary' | (() => void);
}

function SectionTitle({ number, children }: { number: number; children: string }) {
  return (
    <Typography variant="h2" sx={{ mb: 1.5 }}>
      {number}. {children}
    </Typography>
  );
}

/**
 * The CSV import in three steps, for products and for items: download the template and choose a
 * file; the server checks every row (nothing written) and lists the errors, numbered; Import
 * writes all rows or none, and stays disabled while errors exist.
 */
export function ImportWizard({ kind, onCancel, afterImport }: ImportWizardProps) {
  const { t } = useTranslation('imports');
  const notify = useNotify();
  const template = useDownloadImportTemplate(kind);
  const check = usePreviewImport();
  const commit = useCommitImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importMessage = useValidationMessage();

  const runCheck = (chosen: File) => {
    setPreview(null);
    setFileError(null);
    check.mutate(
      { kind, file: chosen },
      {
        onSuccess: (answer) => setPreview(answer),
        onError: (error) => {
          const problem = fileProblem(error);
          if (problem) setFileError(importMessage(problem));
          else notify.error(t('checkFailed'), error);
        },
      },
    );
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setPreview(null);
    setFileError(null);
    check.reset();
    if (chosen) runCheck(chosen);
  };

  const runImport = () => {
    if (!file || !preview) return;
    commit.mutate(
      { kind, file },
      {
        onSuccess: (answer) => {
          notify.success(t(kind === 'products' ? 'productsImported' : 'itemsImported', { count: answer.created }));
          if (afterImport !== 'summary') afterImport();
          else {
            setResult(answer);
            setFile(null);
            setPreview(null);
          }
        },
        onError: (error) => {
          const rows = commitRowErrors(error);
          const problem = fileProblem(error);
          if (rows && rows.length > 0) setPreview({ rows: preview.rows, errors: rows });
          if (problem) setFileError(importMessage(problem));
          notify.error(t('importFailed'), error, { withDetail: true });
        },
      },
    );
  };

  const errors = preview?.errors ?? [];
  const ready = preview !== null && errors.length === 0;
  const activeStep = result ? 3 : ready ? 2 : preview ? 1 : 0;
  const busy = check.isPending || commit.isPending;

  return (
    <Stack spacing={3}>
      <Stepper activeStep={activeStep} alternativeLabel>
        {(['stepFile', 'stepCheck', 'stepImport'] as const).map((step) => (
          <Step key={step}>
            <StepLabel>{t(step)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {result && (
        <Alert
          severity="success"
          data-testid="import-summary"
          action={
            <Button color="inherit" size="small" onClick={() => choose(null)}>
              {t('importAnother')}
            </Button>
          }
        >
          {t('itemsImported', { count: result.created })}
        </Alert>
      )}

      <Card variant="outlined">
        <CardContent>
          <SectionTitle number={1}>{t('templateTitle')}</SectionTitle>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t(kind === 'products' ? 'templateProductsHint' : 'templateItemsHint')}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlinedIcon />}
            loading={template.isPending}
            onClick={() => template.mutate(undefined, { onError: (error) => notify.error(t('templateFailed'), error) })}
          >
            {t('downloadTemplate')}
          </Button>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <SectionTitle number={2}>{t('fileTitle')}</SectionTitle>
          <CsvFileInput file={file} onChange={choose} error={fileError} disabled={busy} />
          {check.isPending && (
            <Stack spacing={1} sx={{ mt: 2 }} role="status">
              <Typography variant="body2" color="text.secondary">
                {t('checking')}
              </Typography>
              <LinearProgress />
            </Stack>
          )}
          {preview && (
            <Stack spacing={2} sx={{ mt: 2 }} data-testid="import-preview">
              <Typography sx={{ fontWeight: 600 }} data-testid="import-row-count">
                {t('rowsChecked', { count: preview.rows })}
              </Typography>
              {ready ? (
                <Alert severity="success">{t('noErrors')}</Alert>
              ) : (
                <>
                  <Alert severity="error">{t('errorsFound', { count: errors.length })}</Alert>
                  <ImportErrorList errors={errors} />
                  {errors.length >= IMPORT_ERRORS_MAX && (
                    <Typography variant="body2" color="text.secondary">
                      {t('errorsTruncated', { count: IMPORT_ERRORS_MAX })}
                    </Typography>
                  )}
                </>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <SectionTitle number={3}>{t('importTitle')}</SectionTitle>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('importHint')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={!ready || check.isPending}
              loading={commit.isPending}
              onClick={runImport}
              data-testid="import-commit"
            >
              {t('importButton')}
            </Button>
            <Button color="inherit" disabled={commit.isPending} onClick={onCancel}>
              {t('cancel')}
            </Button>
          </Stack>
          {commit.isPending && (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1.5 }}>
              {t('importing')}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
