import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import type { LocationFile } from '@tagtrack/contract';
import { formatTimestamp } from '../../../../lib/format-timestamp';
import { useLocationFileUrl } from '../../api/get-location-file';

/** A location image in its original size, scrolling when it is larger than the window. */
export function ImageViewerDialog({ uuid, file, onClose }: { uuid: string; file: LocationFile; onClose: () => void }) {
  const { t } = useTranslation(['locationFiles', 'common']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { url, error } = useLocationFileUrl(uuid, file);

  return (
    <Dialog open onClose={onClose} maxWidth={false} fullScreen={phone} aria-labelledby="image-viewer-title">
      <DialogTitle id="image-viewer-title" sx={{ pr: 7 }}>
        {file.name}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {formatTimestamp(file.updated)}
        </Typography>
        <IconButton aria-label={t('common:close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, bgcolor: 'grey.100' }}>
        {url ? (
          <Box
            sx={{
              overflow: 'auto',
              maxWidth: phone ? '100vw' : 'calc(100vw - 96px)',
              maxHeight: 'calc(100vh - 180px)',
            }}
          >
            <Box component="img" src={url} alt={file.name} data-testid="image-viewer-image" sx={{ display: 'block' }} />
          </Box>
        ) : (
          <Stack sx={{ minWidth: 320, minHeight: 240, alignItems: 'center', justifyContent: 'center', p: 4 }}>
            {error ? <Typography color="text.secondary">{t('imageLoadFailed')}</Typography> : <CircularProgress />}
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
