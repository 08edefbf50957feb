import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import { emptyAttribute, type CategoryFormValues } from '../model/category-form-model';
import { AttributeCard } from './attribute-card';

/** The repeatable list of attribute cards, with its add button and an empty state. */
export function AttributesCard() {
  const { t } = useTranslation('categories');
  const { control } = useFormContext<CategoryFormValues>();
  const attributes = useFieldArray({ control, name: 'fields' });

  return (
    <Card>
      <CardHeader
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{t('sectionAttributes')}</span>
            <Chip size="small" label={attributes.fields.length} data-testid="attribute-count" />
          </Stack>
        }
        subheader={t('attributesHint')}
        slotProps={{ subheader: { variant: 'body2', sx: { mt: 0.5 } } }}
        action={
          attributes.fields.length > 0 && (
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => attributes.append(emptyAttribute())}
              data-testid="add-attribute"
              sx={{ mt: 1, mr: 1, whiteSpace: 'nowrap' }}
            >
              {t('addAttribute')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 1 }}>
        {attributes.fields.length === 0 ? (
          <Box
            sx={{
              py: 5,
              px: 2,
              textAlign: 'center',
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 2,
            }}
            data-testid="attributes-empty"
          >
            <TuneIcon sx={{ fontSize: 36, color: 'text.disabled', mb: 1 }} />
            <Typography variant="h3" component="p">
              {t('noAttributesYet')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              {t('noAttributesHint')}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => attributes.append(emptyAttribute())}
              data-testid="add-attribute"
            >
              {t('addAttribute')}
            </Button>
          </Box>
        ) : (
          <Stack spacing={2}>
            {attributes.fields.map((item, index) => (
              <AttributeCard key={item.id} index={index} onRemove={() => attributes.remove(index)} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
