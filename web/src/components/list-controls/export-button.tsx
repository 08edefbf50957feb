import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { EXPORT_LIMIT_ROWS } from '@tagtrack/contract';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { DisabledReason } from '../disabled-reason';
import { useNotify } from '../feedback/use-notify';

type Params = Record<string, string | number | boolean | undefined | null>;

/** GET a CSV export with the token and hand it to the browser as `fileName`. */
export async function downloadCsv(url: string, params: Params, fileName: string): Promise<void> {
  const blob = await api.get<Blob>(url, { query: params, responseType: 'blob' });
  saveBlob(blob, fileName);
}

/**
 * The export-results button (01 §2.14): downloads the list's CSV with its current filters. Beyond
 * 100,000 rows it is disabled with the spec's tooltip. Says 'CSV file exported' (3 s) or
 * 'Failed to export CSV file.'.
 */
export function ExportButton({
  url,
  params = {},
  fileName,
  count,
  testId,
  download,
  disabledReason,
}: {
  url: string;
  params?: Params;
  fileName: string;
  /** Rows the export would hold; undefined while unknown. */
  count: number | undefined;
  testId: string;
  /** Fetches and saves the CSV another way than a GET of `url` (a POST of what a form shows). */
  download?: () => Promise<void>;
  /** Why the export cannot run now (the button is disabled with it); none: it can. */
  disabledReason?: string;
}) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const exporting = useMutation({ mutationFn: () => (download ? download() : downloadCsv(url, params, fileName)) });
  const overLimit = (count ?? 0) > EXPORT_LIMIT_ROWS;
  const run = async () => {
    try {
      await exporting.mutateAsync();
      notify.success(t('exportDone'));
    } catch (error) {
      notify.error(t('exportFailed'), error);
    }
  };
  const button = (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={run}
      disabled={overLimit || count === 0 || Boolean(disabledReason)}
      loading={exporting.isPending}
      loadingPosition="start"
      data-testid={testId}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('exportCsv')}
    </Button>
  );
  if (disabledReason) return <DisabledReason reason={disabledReason}>{button}</DisabledReason>;
  return overLimit ? (
    <Tooltip title={t('exportOverLimit')}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
