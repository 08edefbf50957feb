import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { ImageDropZone } from '../../../../components/image-drop-zone/image-drop-zone';
import type { ImageProblem } from '../../../../components/image-drop-zone/validate-image-file';

interface FloorPlanImagePickerProps {
  uploading: boolean;
  onUpload: (file: File) => Promise<boolean>;
  /** Extra buttons beside Upload (a dialog's Cancel). */
  secondary?: React.ReactNode;
}

/** The drop zone plus an Upload button that stays disabled until a valid image is chosen. */
export function FloorPlanImagePicker({ uploading, onUpload, secondary }: FloorPlanImagePickerProps) {
  const { t } = useTranslation('locationFiles');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  return (
    <Stack spacing={2}>
      <ImageDropZone
        file={file}
        disabled={uploading}
        onChange={(next, found) => {
          setFile(next);
          setProblem(found);
        }}
      />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        {secondary}
        <Button
          variant="contained"
          startIcon={<CloudUploadOutlinedIcon />}
          disabled={!file || problem !== null}
          loading={uploading}
          onClick={() => {
            if (file) void onUpload(file).then((done) => done && setFile(null));
          }}
          data-testid="floor-plan-upload"
        >
          {t('upload')}
        </Button>
      </Stack>
    </Stack>
  );
}
