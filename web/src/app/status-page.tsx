import { useEffect, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';

/** A page inside the layout that says why there is nothing to show here, with a way home. */
export function StatusPage({
  icon,
  title,
  text,
  testId,
}: {
  icon: ReactElement;
  title: string;
  text: string;
  testId: string;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · Tagtrack`;
  }, [title]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 8 }, textAlign: 'center' }} data-testid={testId}>
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 520, mx: 'auto' }}>
        {icon}
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlinedIcon />} sx={{ mt: 1 }}>
          {t('goHome')}
        </Button>
      </Stack>
    </Paper>
  );
}
