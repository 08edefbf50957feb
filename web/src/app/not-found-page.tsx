import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';

/** Shown inside the layout for a path that is no route of the console, with a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFoundTitle')} · Tagtrack`;
  }, [t]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 8 }, textAlign: 'center' }} data-testid="not-found">
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 520, mx: 'auto' }}>
        <SearchOffOutlinedIcon sx={{ fontSize: 56, color: 'primary.main', opacity: 0.85 }} />
        <Typography variant="h1" component="h1">
          {t('notFoundTitle')}
        </Typography>
        <Typography color="text.secondary">{t('notFoundText')}</Typography>
        <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlinedIcon />} sx={{ mt: 1 }}>
          {t('goHome')}
        </Button>
      </Stack>
    </Paper>
  );
}
