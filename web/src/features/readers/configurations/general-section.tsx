import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudSyncIcon from '@mui/icons-material/CloudSyncOutlined';
import type { Location, MeasurementType, ReaderApp, ReaderKind } from '@tagtrack/contract';
import { LocationTreePicker } from '../../../shared/locations/location-tree-picker';
import { indexLocations, locationPathText } from '../../../shared/locations/location-tree-utils';
import { useMeasurementTypeName } from '../../../shared/sensors/use-measurement-type-name';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { appsFor, kindsFor, type ConfigurationFormValues, type ConfigurationVariant } from './configuration-form-model';
import { useReaderAppLabel } from './reader-app-label';

interface GeneralSectionProps {
  variant: ConfigurationVariant;
  kinds: readonly ReaderKind[] | undefined;
  apps: readonly ReaderApp[] | undefined;
  /** The app fetch button is hidden on-premise (02 §2 widgets). */
  onPremise: boolean;
  appsLoading: boolean;
  onRefreshApps: () => void;
  onReaderTypeChange: (name: string) => void;
  locationTree: readonly Location[] | undefined;
  /** The measurement types to choose the sensor type from; null hides the field (no sensor extension, or loading). */
  sensorTypes: readonly MeasurementType[] | null;
}

/** Reader type, name, description, application, the Template switch and the location. */
export function GeneralSection({
  variant,
  kinds,
  apps,
  onPremise,
  appsLoading,
  onRefreshApps,
  onReaderTypeChange,
  locationTree,
  sensorTypes,
}: GeneralSectionProps) {
  const { t } = useTranslation('readerConfigurations');
  const message = useValidationMessage();
  const appLabel = useReaderAppLabel();
  const typeName = useMeasurementTypeName();
  const { control, register, formState } = useFormContext<ConfigurationFormValues>();
  const { errors } = formState;
  const [readerType, application, isTemplate, location] = useWatch({
    control,
    name: ['reader_type', 'application', 'is_template', 'location'],
  });
  const handheld = variant === 'handheld';
  // The saved value stays selectable while the lists load or if the catalogue lost it.
  const kindNames = [...new Set([...kindsFor(kinds ?? [], variant).map((k) => k.name), readerType].filter(Boolean))];
  const appNames = [...new Set([...appsFor(apps ?? [], variant), application].filter(Boolean))];
  const index = indexLocations(locationTree ?? []);
  const path = location ? locationPathText(location, index) : '';

  return (
    <Card>
      <CardHeader title={t('generalCard')} />
      <CardContent sx={{ pt: 0 }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="reader_type"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  fullWidth
                  required
                  label={t('readerType')}
                  value={field.value}
                  onChange={(event) => onReaderTypeChange(event.target.value)}
                  onBlur={field.onBlur}
                  disabled={handheld}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? message(fieldState.error.message) : t('readerTypeHelp')}
                  slotProps={{ htmlInput: { 'data-testid': 'configuration-reader-type' } }}
                  data-testid="configuration-reader-type-field"
                >
                  {kindNames.map((name) => (
                    <MenuItem key={name} value={name} data-testid={`reader-type-option-${name}`}>
                      {name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Controller
                control={control}
                name="application"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    label={t('application')}
                    {...field}
                    disabled={handheld}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? message(fieldState.error.message) : undefined}
                    slotProps={{ htmlInput: { 'data-testid': 'configuration-application' } }}
                    data-testid="configuration-application-field"
                  >
                    {appNames.map((name) => (
                      <MenuItem key={name} value={name} data-testid={`application-option-${name}`}>
                        {appLabel(name)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {!onPremise && !handheld && (
                <Tooltip title={t('fetchApps')}>
                  <span>
                    <IconButton
                      aria-label={t('fetchApps')}
                      onClick={onRefreshApps}
                      disabled={appsLoading}
                      sx={{ mt: 1 }}
                      data-testid="configuration-fetch-apps"
                    >
                      <CloudSyncIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              fullWidth
              required
              label={t('name')}
              {...register('name')}
              error={Boolean(errors.name)}
              helperText={errors.name ? message(errors.name.message) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'configuration-name-input' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              fullWidth
              label={t('description')}
              {...register('description')}
              error={Boolean(errors.description)}
              helperText={errors.description ? message(errors.description.message) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'configuration-description' } }}
            />
          </Grid>
          {sensorTypes && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={control}
                name="sensortype_uuid"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    fullWidth
                    label={t('sensorType')}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? message(fieldState.error.message) : t('sensorTypeHelp')}
                    slotProps={{
                      htmlInput: { 'data-testid': 'configuration-sensor-type' },
                      select: { displayEmpty: true },
                      inputLabel: { shrink: true },
                    }}
                    data-testid="configuration-sensor-type-field"
                  >
                    <MenuItem value="" data-testid="sensor-type-option-none">
                      {t('sensorTypeNone')}
                    </MenuItem>
                    {sensorTypes.map((type) => (
                      <MenuItem key={type.uuid} value={type.uuid} data-testid={`sensor-type-option-${type.name}`}>
                        {typeName(type.name)} ({type.symbol})
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          )}
          <Grid size={12}>
            <Controller
              control={control}
              name="is_template"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { 'data-testid': 'configuration-template' } as object }}
                    />
                  }
                  label={
                    <span>
                      {t('template')}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {t('templateHelp')}
                      </Typography>
                    </span>
                  }
                />
              )}
            />
          </Grid>
          {!isTemplate && (
            <Grid size={12} data-testid="configuration-location">
              <Typography variant="subtitle2" gutterBottom>
                {t('location')} *
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mb: 1 }}
                data-testid="configuration-location-path"
              >
                {t('locationChosen')}{' '}
                <Typography component="span" variant="body2" color="text.primary" sx={{ fontWeight: 500 }}>
                  {path || '–'}
                </Typography>
              </Typography>
              <Controller
                control={control}
                name="location"
                render={({ field, fieldState }) => (
                  <>
                    <LocationTreePicker
                      locations={locationTree ?? []}
                      loading={!locationTree}
                      value={field.value ? [field.value] : []}
                      onChange={(uuids) => {
                        field.onChange(uuids[0] ?? null);
                        field.onBlur();
                      }}
                      label={t('location')}
                      height={260}
                      testId="configuration-location-picker"
                    />
                    {fieldState.error && (
                      <FormHelperText error data-testid="configuration-location-error">
                        {message(fieldState.error.message)}
                      </FormHelperText>
                    )}
                  </>
                )}
              />
            </Grid>
          )}
        </Grid>
      </CardContent>
    </Card>
  );
}
