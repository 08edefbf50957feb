import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { UPLOAD_LIMIT_BYTES } from '@tagtrack/contract';
import { FileDropZone } from '../../../../components/file-drop-zone/file-drop-zone';
import { formatBytes } from '../../../../components/image-drop-zone/image-drop-zone';

/** Types browsers give CSV files (Windows names them after Excel). */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];

/** 'importNotCsv' for a file that is not CSV text, 'importFileTooLarge' over the upload limit, else null. */
export function csvFileProblem(file: File): 'importNotCsv' | 'importFileTooLarge' | null {
  if (!/\.(csv|txt)$/i.test(file.name) && !CSV_TYPES.includes(file.type)) return 'importNotCsv';
  return file.size > UPLOAD_LIMIT_BYTES ? 'importFileTooLarge' : null;
}

export interface CsvFileInputProps {
  file: File | null;
  /** A file was chosen (null: removed). Files the browser can tell are wrong never reach it. */
  onChange: (file: File | null) => void;
  /** A message about the file (from the server's check), shown under the zone. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * One CSV file, dropped or chosen with the file picker (the image drop zone previews images, so
 * the imports have this small one). A file of another type or over 10,485,760 bytes is refused
 * here, before any upload.
 */
export function CsvFileInput({ file, onChange, error, disabled }: CsvFileInputProps) {
  const { t, i18n } = useTranslation(['imports', 'validation']);
  const [problem, setProblem] = useState<'importNotCsv' | 'importFileTooLarge' | null>(null);

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const found = csvFileProblem(chosen);
    setProblem(found);
    onChange(found ? null : chosen);
  };
  const message = problem ? t(`validation:${problem}`) : error;

  return (
    <FileDropZone
      accept=".csv,text/csv"
      onFiles={choose}
      icon={UploadFileOutlinedIcon}
      prompt={t('dropPrompt')}
      hint={t('dropHint', { size: formatBytes(UPLOAD_LIMIT_BYTES, i18n.language) })}
      message={message}
      disabled={disabled}
      minHeight={160}
      testIds={{ input: 'csv-file-input', zone: 'csv-drop-zone', error: 'csv-file-error' }}
      chosen={
        file
          ? (openPicker) => (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                data-testid="csv-file-chosen"
                sx={{
                  p: 2,
                  border: 1,
                  borderRadius: 2,
                  borderColor: message ? 'error.main' : 'divider',
                  bgcolor: 'grey.50',
                  alignItems: { sm: 'center' },
                }}
              >
                <DescriptionOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{file.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatBytes(file.size, i18n.language)}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1}>
                  <Button size="small" variant="outlined" onClick={openPicker} disabled={disabled}>
                    {t('replaceFile')}
                  </Button>
                  <Button
                    size="small"
                    color="inherit"
                    disabled={disabled}
                    onClick={() => {
                      setProblem(null);
                      onChange(null);
                    }}
                  >
                    {t('removeFile')}
                  </Button>
                </Stack>
              </Stack>
            )
          : null
      }
    />
  );
}
