import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import { useEffect } from 'react';

/** Shown inside the layout when the user's role does not open a route. */
export function NotAuthorisedPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notAuthorisedTitle')} · Tagtrack`;
  }, [t]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 8 }, textAlign: 'center' }} data-testid="not-authorised">
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 520, mx: 'auto' }}>
        <LockPersonOutlinedIcon sx={{ fontSize: 56, color: 'primary.main', opacity: 0.85 }} />
        <Typography variant="h1" component="h1">
          {t('notAuthorisedTitle')}
        </Typography>
        <Typography color="text.secondary">{t('notAuthorisedText')}</Typography>
        <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlinedIcon />} sx={{ mt: 1 }}>
          {t('goHome')}
        </Button>
      </Stack>
    </Paper>
  );
}
