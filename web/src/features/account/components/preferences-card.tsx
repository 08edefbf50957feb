import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { TABLE_DENSITIES, type CurrentUser, type LanguageCode, type TableDensity } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { LanguageSelect } from '../../../components/language-select';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { useClientStore } from '../../../lib/client-store';
import { changeLanguage } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

const DENSITY_KEYS = {
  small: 'densitySmall',
  medium: 'densityMedium',
  large: 'densityLarge',
} as const satisfies Record<TableDensity, string>;

/** Interface language (saved to the profile, applied at once) and table density (this browser). */
export function PreferencesCard({ me }: { me: CurrentUser }) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const update = useUpdateProfile();
  const density = useClientStore((s) => s.density);
  const setDensity = useClientStore((s) => s.setDensity);
  const setLanguage = useClientStore((s) => s.setLanguage);
  const [switching, setSwitching] = useState(false);

  const saveLanguage = async (language: LanguageCode) => {
    setSwitching(true);
    try {
      await update.mutateAsync({ language });
      setLanguage(language);
      await changeLanguage(language);
      // This render's t still speaks the old language.
      notify.success(t('languageSaved', { lng: language }));
    } catch (error) {
      notify.error(t('languageSaveFailed'), error, { withDetail: true });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Card>
      <CardHeader title={t('preferences')} subheader={t('preferencesHelp')} />
      <CardContent sx={{ pt: 1 }}>
        <Stack spacing={3}>
          <div>
            <LanguageSelect
              label={t('interfaceLanguage')}
              value={me.language}
              onChange={(language) => void saveLanguage(language)}
              testId="language-select"
              disabled={switching}
            />
            <FormHelperText sx={{ mx: 1.75 }}>{t('interfaceLanguageHelp')}</FormHelperText>
          </div>
          <FormControl component="fieldset">
            <FormLabel component="legend" id="density-label" sx={{ mb: 1, fontSize: '0.875rem' }}>
              {t('tableDensity')}
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              color="primary"
              size="small"
              value={density}
              aria-labelledby="density-label"
              data-testid="density-toggle"
              onChange={(_, value: TableDensity | null) => {
                if (value) setDensity(value);
              }}
            >
              {TABLE_DENSITIES.map((option) => (
                <ToggleButton key={option} value={option} sx={{ px: 2.5 }}>
                  {t(DENSITY_KEYS[option])}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormHelperText sx={{ mx: 0 }}>{t('tableDensityHelp')}</FormHelperText>
          </FormControl>
        </Stack>
      </CardContent>
      <LoadingOverlay open={switching} label={t('switchingLanguage')} />
    </Card>
  );
}
