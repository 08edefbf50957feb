import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { LOCATION_IMAGE_MAX_BYTES, LOCATION_IMAGE_TYPES } from '@tagtrack/contract';
import { useObjectUrl } from '../../lib/use-object-url';
import { FileDropZone } from '../file-drop-zone/file-drop-zone';
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
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const preview = useObjectUrl(file);
  const types = rules?.types ?? LOCATION_IMAGE_TYPES;
  const maxBytes = rules?.maxBytes ?? LOCATION_IMAGE_MAX_BYTES;

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const found = validateImageFile(chosen, { types, maxBytes });
    setProblem(found);
    onChange(found === 'imageTypeNotAllowed' ? null : chosen, found);
  };
  const remove = () => {
    setProblem(null);
    onChange(null, null);
  };
  const message = problem ? validationMessage(problem) : error;
  // The limit reads as the spec's message does: 'max 3 MB'.
  const hint = t('imageDropZoneHint', { size: formatBytes(maxBytes, i18n.language, 0) });

  return (
    <FileDropZone
      accept={acceptAttribute(types)}
      onFiles={choose}
      icon={CloudUploadOutlinedIcon}
      prompt={label ?? t('imageDropZonePrompt')}
      hint={hint}
      message={message}
      disabled={disabled}
      minHeight={height}
      testIds={{ input: 'image-drop-zone-input', zone: 'image-drop-zone', error: 'image-drop-zone-error' }}
      chosen={
        file && preview
          ? (openPicker) => (
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
            )
          : null
      }
    />
  );
}
