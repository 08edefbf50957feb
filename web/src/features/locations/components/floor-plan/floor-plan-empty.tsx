import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { EmptyState } from '../../../../components/empty-state';
import { FloorPlanImagePicker } from './floor-plan-image-picker';

interface FloorPlanEmptyProps {
  name: string;
  canWrite: boolean;
  /** Shapes left from a deleted image: they reappear on the next one. */
  keptShapes: number;
  uploading: boolean;
  onUpload: (file: File) => Promise<boolean>;
}

/** No plan image yet: writers upload one here; others are told there is none. */
export function FloorPlanEmpty({ name, canWrite, keptShapes, uploading, onUpload }: FloorPlanEmptyProps) {
  const { t } = useTranslation('locationFiles');
  return (
    <Card sx={{ maxWidth: 720, mx: 'auto' }} data-testid="floor-plan-empty">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Box sx={{ mb: canWrite ? 3 : 0 }}>
          <EmptyState
            icon={<MapOutlinedIcon />}
            title={t('noPlanTitle')}
            text={canWrite ? t('noPlanWriterText', { name }) : t('noPlanText')}
          />
        </Box>
        {keptShapes > 0 && (
          <Alert severity="info" sx={{ mb: 2.5 }}>
            {t('shapesKept', { count: keptShapes })}
          </Alert>
        )}
        {canWrite && <FloorPlanImagePicker uploading={uploading} onUpload={onUpload} />}
      </CardContent>
    </Card>
  );
}
