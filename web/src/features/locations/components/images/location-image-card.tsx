import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { LocationFile } from '@tagtrack/contract';
import { formatTimestamp } from '../../../../lib/format-timestamp';
import { useLocationFileUrl } from '../../api/get-location-file';

interface LocationImageCardProps {
  uuid: string;
  file: LocationFile;
  canWrite: boolean;
  onOpen: (file: LocationFile) => void;
  onDelete: (file: LocationFile) => void;
}

/** One image of a location: thumbnail, name, update time, open in original size, delete (writers). */
export function LocationImageCard({ uuid, file, canWrite, onOpen, onDelete }: LocationImageCardProps) {
  const { t } = useTranslation('locationFiles');
  const { url, error } = useLocationFileUrl(uuid, file);
  const titleId = `location-image-${file.pk}`;

  return (
    <Card component="article" aria-labelledby={titleId} data-testid="location-image-card" sx={{ height: '100%' }}>
      {/* A mouse shortcut to the open button below, which is the one keyboard and screen reader users get. */}
      <Box
        onClick={() => onOpen(file)}
        sx={{ width: '100%', aspectRatio: '4 / 3', bgcolor: 'grey.100', cursor: 'zoom-in', overflow: 'hidden' }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={file.name}
            data-testid="location-image-thumbnail"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : error ? (
          <Stack spacing={1} sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', px: 2 }}>
            <BrokenImageOutlinedIcon color="disabled" sx={{ fontSize: 40 }} />
            <Typography variant="body2" color="text.secondary">
              {t('imageLoadFailed')}
            </Typography>
          </Stack>
        ) : (
          <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} />
        )}
      </Box>
      <CardContent sx={{ pb: 0.5 }}>
        <Typography id={titleId} variant="h3" component="h2" noWrap title={file.name}>
          {file.name}
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ mt: 0.5, alignItems: 'center', color: 'text.secondary' }}>
          <ScheduleIcon sx={{ fontSize: 16 }} />
          <Typography variant="body2" component="time" dateTime={file.updated} data-testid="location-image-updated">
            {formatTimestamp(file.updated)}
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 1, pt: 0 }}>
        <Tooltip title={t('openOriginal')}>
          <IconButton aria-label={t('openOriginal')} onClick={() => onOpen(file)} data-testid="location-image-open">
            <OpenInFullIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canWrite && (
          <Tooltip title={t('deleteImage')}>
            <IconButton
              aria-label={t('deleteImage')}
              color="error"
              onClick={() => onDelete(file)}
              data-testid="location-image-delete"
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}
