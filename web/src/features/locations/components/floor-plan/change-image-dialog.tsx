import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FloorPlanImagePicker } from './floor-plan-image-picker';

/** Change image: a new plan image replaces the current one; the shapes stay (spec 03 §4). */
export function ChangeImageDialog({
  uploading,
  onUpload,
  onClose,
}: {
  uploading: boolean;
  onUpload: (file: File) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['locationFiles', 'common']);
  return (
    <Dialog open onClose={uploading ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="change-image-title">
      <DialogTitle id="change-image-title">{t('changeImageTitle')}</DialogTitle>
      <DialogContent sx={{ pb: 3 }}>
        <DialogContentText sx={{ mb: 2 }}>{t('changeImageText')}</DialogContentText>
        <FloorPlanImagePicker
          uploading={uploading}
          onUpload={async (file) => {
            const done = await onUpload(file);
            if (done) onClose();
            return done;
          }}
          secondary={
            <Button color="inherit" onClick={onClose} disabled={uploading}>
              {t('common:cancel')}
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
