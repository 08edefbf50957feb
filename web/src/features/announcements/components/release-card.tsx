import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { dateLocale, formatReleaseDate, type Release } from '../model/releases';

/** One release: its version, its day and what it brings. */
export function ReleaseCard({ release, latest }: { release: Release; latest: boolean }) {
  const { t, i18n } = useTranslation('announcements');
  const titleId = useId();
  const date = formatReleaseDate(release.date, dateLocale(i18n.resolvedLanguage ?? i18n.language));

  return (
    <Card component="article" aria-labelledby={titleId} data-testid={`release-${release.version}`}>
      <CardHeader
        title={t('releaseTitle', { version: release.version })}
        subheader={<time dateTime={release.date}>{t('released', { date })}</time>}
        action={latest ? <Chip size="small" color="primary" variant="outlined" label={t('latest')} /> : undefined}
        slotProps={{ title: { id: titleId } }}
      />
      <CardContent sx={{ pt: 0.5 }}>
        <List disablePadding>
          {release.items.map((key) => (
            <ListItem key={key} disableGutters sx={{ py: 0.5, alignItems: 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: 32, mt: 0.25 }}>
                <CheckCircleOutlineIcon fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText primary={t(key)} sx={{ my: 0 }} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
