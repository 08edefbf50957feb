import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { UPLOAD_LIMIT_BYTES } from '@tagtrack/contract';
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
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<'importNotCsv' | 'importFileTooLarge' | null>(null);
  const hintId = useId();
  const errorId = useId();

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const found = csvFileProblem(chosen);
    setProblem(found);
    onChange(found ? null : chosen);
  };
  const openPicker = () => {
    if (!disabled) inputRef.current?.click();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };
  const message = problem ? t(`validation:${problem}`) : error;

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept=".csv,text/csv"
        data-testid="csv-file-input"
        onChange={(event) => {
          choose(event.target.files);
          event.target.value = '';
        }}
      />
      {file ? (
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
      ) : (
        <Box
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-label={t('dropPrompt')}
          aria-describedby={`${hintId}${message ? ` ${errorId}` : ''}`}
          aria-disabled={disabled || undefined}
          data-testid="csv-drop-zone"
          onClick={openPicker}
          onKeyDown={onKeyDown}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={(theme) => ({
            display: 'grid',
            placeItems: 'center',
            textAlign: 'center',
            minHeight: 160,
            px: 3,
            py: 2,
            border: '2px dashed',
            borderRadius: 2,
            cursor: disabled ? 'default' : 'pointer',
            borderColor: message ? theme.palette.error.main : dragging ? theme.palette.primary.main : '#c5d0da',
            bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : 'grey.50',
            transition: theme.transitions.create(['border-color', 'background-color']),
            outline: 'none',
            '&:hover, &:focus-visible': disabled
              ? undefined
              : { borderColor: theme.palette.primary.main, bgcolor: alpha(theme.palette.primary.main, 0.04) },
          })}
        >
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <UploadFileOutlinedIcon color={disabled ? 'disabled' : 'primary'} sx={{ fontSize: 40 }} />
            <Typography sx={{ fontWeight: 600 }}>{t('dropPrompt')}</Typography>
            <Typography variant="body2" color="text.secondary" id={hintId}>
              {t('dropHint', { size: formatBytes(UPLOAD_LIMIT_BYTES, i18n.language) })}
            </Typography>
          </Stack>
        </Box>
      )}
      {message && (
        <FormHelperText error id={errorId} role="alert" data-testid="csv-file-error" sx={{ mx: 1.75 }}>
          {message}
        </FormHelperText>
      )}
    </div>
  );
}
