import { useMemo, useState } from 'react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import SensorsIcon from '@mui/icons-material/Sensors';
import type { ReaderConfiguration } from '@tagtrack/contract';
import { LocationTreePicker } from '../../../../shared/locations/location-tree-picker';
import { indexLocations, locationPathText } from '../../../../shared/locations/location-tree-utils';
import { useWholeLocationTree } from '../../../../shared/locations/get-whole-location-tree';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { rowFor, SENSOR_SINGLE_ROW, type ConfigRowValue, type ReaderFormValues } from '../model/reader-form';
import { menuLabel } from '../model/reader-list-rules';

export interface RowErrors {
  configuration?: string;
  location?: string;
}

/** The location of a template row, chosen in the shared tree picker. */
function LocationChooser({
  value,
  error,
  disabled,
  index,
  testId,
  onChange,
}: {
  value: string | null;
  error?: string;
  disabled: boolean;
  index: number;
  testId: string;
  onChange: (uuid: string) => void;
}) {
  const { t } = useTranslation(['readers', 'common']);
  const tree = useWholeLocationTree();
  const byUuid = useMemo(() => indexLocations(tree.data ?? []), [tree.data]);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(value ? [value] : []);
  const text = value ? locationPathText(value, byUuid) || value : '';
  return (
    <>
      <TextField
        label={t('fieldLocation')}
        value={text}
        required
        fullWidth
        error={Boolean(error)}
        helperText={error}
        disabled={disabled}
        onClick={() => !disabled && setOpen(true)}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': `${testId}-location-${index}` },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('chooseLocation')}>
                  <span>
                    <IconButton
                      aria-label={t('chooseLocation')}
                      onClick={() => setOpen(true)}
                      disabled={disabled}
                      edge="end"
                      size="small"
                    >
                      <PlaceIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="sm"
        fullWidth
        data-testid={`${testId}-location-dialog`}
      >
        <DialogTitle>{t('chooseLocation')}</DialogTitle>
        <DialogContent dividers>
          <LocationTreePicker
            locations={tree.data ?? []}
            loading={tree.isPending}
            value={chosen}
            onChange={setChosen}
            label={t('fieldLocation')}
            testId={`${testId}-location-picker`}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setOpen(false)}>
            {t('common:cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={chosen.length === 0}
            onClick={() => {
              if (chosen[0]) onChange(chosen[0]);
              setOpen(false);
            }}
            data-testid={`${testId}-location-choose`}
          >
            {t('choose')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The reader's configuration rows (02 §2 Reader forms): a configuration, and its location: a
 * configuration's own (shown, not editable) or, for a template, one chosen here.
 */
export function ConfigRowsField({
  rows,
  onChange,
  configurations,
  extra,
  errors,
  rootError,
  disabled = false,
  testId = 'reader-config',
}: {
  rows: readonly ConfigRowValue[];
  onChange: (rows: ConfigRowValue[]) => void;
  /** The configurations a row may choose. */
  configurations: readonly ReaderConfiguration[];
  /** Names of assigned configurations that are not in `configurations` (by id). */
  extra: ReadonlyMap<number, { name: string; location_name: string | null }>;
  errors: readonly (RowErrors | undefined)[];
  rootError?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('readers');
  const byId = useMemo(() => new Map(configurations.map((c) => [c.id, c])), [configurations]);
  const templates = configurations.filter((c) => c.is_template);
  const plain = configurations.filter((c) => !c.is_template);
  const set = (i: number, row: ConfigRowValue) => onChange(rows.map((r, j) => (j === i ? row : r)));
  const option = (c: ReaderConfiguration) => (
    <MenuItem key={c.id} value={c.id} title={c.name}>
      <Stack sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <span>{menuLabel(c.name)}</span>
          {c.sensortype_uuid && (
            // A sensor configuration is its reader's only one (02 §5): the option says so.
            <SensorsIcon
              fontSize="inherit"
              color="primary"
              titleAccess={t('sensorSingleRow')}
              data-testid={`${testId}-sensor-option`}
            />
          )}
        </Stack>
        {c.location_name && (
          <Typography variant="caption" color="text.secondary">
            {c.location_name}
          </Typography>
        )}
      </Stack>
    </MenuItem>
  );

  return (
    <Stack spacing={2} data-testid={testId}>
      {rows.map((row, i) => {
        const chosen = row.configuration === null ? undefined : byId.get(row.configuration);
        const other = row.configuration === null ? undefined : extra.get(row.configuration);
        const template = chosen?.is_template === true;
        return (
          <Stack
            key={i}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: 'flex-start' }}
            data-testid={`${testId}-row`}
          >
            <TextField
              select
              label={t('fieldConfiguration')}
              required
              fullWidth
              disabled={disabled}
              value={row.configuration ?? ''}
              error={Boolean(errors[i]?.configuration)}
              helperText={errors[i]?.configuration ?? (template ? t('templateRowHelp') : undefined)}
              onChange={(event) => {
                const next = byId.get(Number(event.target.value));
                if (next) set(i, rowFor(next, row));
              }}
              slotProps={{ htmlInput: { 'data-testid': `${testId}-configuration-${i}` } }}
            >
              {chosen === undefined && other && row.configuration !== null && (
                <MenuItem value={row.configuration}>{menuLabel(other.name)}</MenuItem>
              )}
              {plain.length > 0 && <ListSubheader>{t('configurationsGroup')}</ListSubheader>}
              {plain.map(option)}
              {templates.length > 0 && <ListSubheader>{t('templatesGroup')}</ListSubheader>}
              {templates.map(option)}
            </TextField>
            {template ? (
              <LocationChooser
                key={`${i}-${row.configuration}`}
                value={row.location}
                error={errors[i]?.location}
                disabled={disabled}
                index={i}
                testId={testId}
                onChange={(location) => set(i, { ...row, location })}
              />
            ) : (
              <TextField
                label={t('fieldLocation')}
                fullWidth
                disabled
                value={chosen?.location_name ?? other?.location_name ?? ''}
                error={Boolean(errors[i]?.location)}
                helperText={errors[i]?.location ?? (row.configuration !== null ? t('ownLocationHelp') : undefined)}
                slotProps={{ htmlInput: { 'data-testid': `${testId}-location-${i}` } }}
              />
            )}
            <Tooltip title={t('removeRow')}>
              <span>
                <IconButton
                  aria-label={t('removeRow')}
                  disabled={disabled}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  sx={{ mt: 1 }}
                  data-testid={`${testId}-remove-${i}`}
                >
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        );
      })}
      {rootError && (
        <FormHelperText error data-testid={`${testId}-error`}>
          {rootError}
        </FormHelperText>
      )}
      <div>
        <Button
          startIcon={<AddIcon />}
          disabled={disabled}
          onClick={() => onChange([...rows, { configuration: null, location: null }])}
          data-testid={`${testId}-add`}
        >
          {t('addConfigurationRow')}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * The configuration rows of a reader form bound to its react-hook-form state: the rows' own
 * errors, the rows-wide one (a duplicate pair, a sensor configuration not alone), in words.
 */
export function ConfigRowsController({
  control,
  errors,
  configurations,
  reader,
  testId,
}: {
  control: Control<ReaderFormValues>;
  errors: FieldErrors<ReaderFormValues>;
  configurations: readonly ReaderConfiguration[];
  /** The reader being edited: its assigned configurations keep their names even when not choosable. */
  reader?: { configurations: readonly { id: number; name: string; location_name: string | null }[] };
  testId?: string;
}) {
  const { t } = useTranslation('readers');
  const message = useValidationMessage();
  const text = (key?: string) => (key === SENSOR_SINGLE_ROW ? t('sensorSingleRow') : message(key));
  const rowErrors = (errors.rows ?? []) as { configuration?: { message?: string }; location?: { message?: string } }[];
  const root = errors.rows as { root?: { message?: string }; message?: string } | undefined;
  const rootError = root?.root?.message ?? root?.message;
  return (
    <Controller
      control={control}
      name="rows"
      render={({ field }) => (
        <ConfigRowsField
          rows={field.value}
          onChange={field.onChange}
          configurations={configurations}
          extra={new Map((reader?.configurations ?? []).map((c) => [c.id, c]))}
          errors={rowErrors.map((e) =>
            e
              ? {
                  configuration: text(e.configuration?.message) || undefined,
                  location: text(e.location?.message) || undefined,
                }
              : undefined,
          )}
          rootError={rootError ? text(rootError) : undefined}
          testId={testId}
        />
      )}
    />
  );
}
