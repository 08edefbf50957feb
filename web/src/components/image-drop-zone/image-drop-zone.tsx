import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { LOCATION_IMAGE_MAX_BYTES, LOCATION_IMAGE_TYPES } from '@tagtrack/contract';
import { useObjectUrl } from '../../lib/use-object-url';
import { useValidationMessage } from '../../lib/use-validation-message';
import { acceptAttribute, validateImageFile, type ImageProblem, type ImageRules } from './validate-image-file';

export interface ImageDropZoneProps {
  /** The chosen file (kept by the caller, also when it is too large to save). */
  file: File | null;
  /**
   * A file was chosen or removed. A file of another type is refused (file null, problem set); a
   * file over the size limit is kept with its problem, so the caller can disable saving.
   */
  onChange: (file: File | null, problem: ImageProblem | null) => void;
  /** A message of the caller's own (e.g. 'A file is required'), shown when there is no problem. */
  error?: string;
  rules?: ImageRules;
  /** Names the zone for assistive technology (default: the prompt). */
  label?: string;
  disabled?: boolean;
  /** Height of the empty zone and of the preview. */
  height?: number;
}

/** '2.4 MB', '850 kB' (decimal units, as the spec's '3 MB' for 3,200,000 bytes). */
export function formatBytes(bytes: number, locale?: string, fractionDigits = 1): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }).format(value)} ${unit}`;
  if (bytes >= 1_000_000) return format(bytes / 1_000_000, 'MB');
  if (bytes >= 1_000) return format(bytes / 1_000, 'kB');
  return format(bytes, 'B');
}

/**
 * The image drop zone (spec 01 §2.14): one image, png, jpeg, jpg or svg, dropped or chosen with
 * the file picker, previewed before it is uploaded.
 */
export function ImageDropZone({ file, onChange, error, rules, label, disabled, height = 180 }: ImageDropZoneProps) {
  const { t, i18n } = useTranslation();
  const validationMessage = useValidationMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const preview = useObjectUrl(file);
  const hintId = useId();
  const errorId = useId();
  const types = rules?.types ?? LOCATION_IMAGE_TYPES;
  const maxBytes = rules?.maxBytes ?? LOCATION_IMAGE_MAX_BYTES;

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const found = validateImageFile(chosen, { types, maxBytes });
    setProblem(found);
    onChange(found === 'imageTypeNotAllowed' ? null : chosen, found);
  };
  const openPicker = () => {
    if (!disabled) inputRef.current?.click();
  };
  const remove = () => {
    setProblem(null);
    onChange(null, null);
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
  const message = problem ? validationMessage(problem) : error;
  // The limit reads as the spec's message does: 'max 3 MB'.
  const hint = t('imageDropZoneHint', { size: formatBytes(maxBytes, i18n.language, 0) });

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={acceptAttribute(types)}
        data-testid="image-drop-zone-input"
        onChange={(event) => {
          choose(event.target.files);
          event.target.value = '';
        }}
      />
      {file && preview ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          data-testid="image-drop-zone-preview"
          sx={{
            p: 1.5,
            border: 1,
            borderRadius: 2,
            borderColor: problem ? 'error.main' : 'divider',
            bgcolor: 'grey.50',
            alignItems: { sm: 'center' },
          }}
        >
          <Box
            component="img"
            src={preview}
            alt=""
            sx={{
              width: { xs: '100%', sm: 160 },
              height: { xs: height - 40, sm: 120 },
              objectFit: 'contain',
              borderRadius: 1.5,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{file.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatBytes(file.size, i18n.language)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Button size="small" variant="outlined" onClick={openPicker} disabled={disabled}>
                {t('imageDropZoneReplace')}
              </Button>
              <Button size="small" color="inherit" onClick={remove} disabled={disabled}>
                {t('imageDropZoneRemove')}
              </Button>
            </Stack>
          </Box>
        </Stack>
      ) : (
        <Box
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-label={label ?? t('imageDropZonePrompt')}
          aria-describedby={`${hintId}${message ? ` ${errorId}` : ''}`}
          aria-disabled={disabled || undefined}
          data-testid="image-drop-zone"
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
            minHeight: height,
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
            <CloudUploadOutlinedIcon color={disabled ? 'disabled' : 'primary'} sx={{ fontSize: 40 }} />
            <Typography sx={{ fontWeight: 600 }}>{label ?? t('imageDropZonePrompt')}</Typography>
            <Typography variant="body2" color="text.secondary" id={hintId}>
              {hint}
            </Typography>
          </Stack>
        </Box>
      )}
      {message && (
        <FormHelperText error id={errorId} role="alert" data-testid="image-drop-zone-error" sx={{ mx: 1.75 }}>
          {message}
        </FormHelperText>
      )}
    </div>
  );
}
