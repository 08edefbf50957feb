import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SNACKBAR_SHORT_MS, type ReaderConfiguration } from '@tagtrack/contract';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useHasExtension, useInstanceSubscription } from '../../../shared/configuration/get-instance-subscription';
import { useMeasurementTypes } from '../../../shared/sensors/get-measurement-types';
import { useCreateConfiguration } from '../api/create-configuration';
import { useUpdateConfiguration } from '../api/update-configuration';
import { AdvancedSection } from './advanced-section';
import { AntennaSection } from './antenna-section';
import {
  clampPower,
  configurationResolver,
  emptyConfigurationForm,
  fromTemplateForm,
  kindSettings,
  toConfigurationForm,
  type ConfigurationFormValues,
  type ConfigurationSaveBody as Body,
  type ConfigurationVariant,
} from './configuration-form-model';
import { useWholeLocationTree } from '../../../shared/locations/get-whole-location-tree';
import { CONFIGURATION_PATHS } from './configuration-paths';
import { GeneralSection } from './general-section';
import { useReaderCatalogue } from './use-reader-catalogue';

export type ConfigurationFormMode =
  | { kind: 'add' }
  | { kind: 'edit'; configuration: ReaderConfiguration }
  /** "Create configuration": a new one prefilled from a template. */
  | { kind: 'fromTemplate'; template: ReaderConfiguration };

const ADVANCED_FIELDS = [
  'RssiFilter',
  'Channel',
  'data_format',
  'time_2_collect',
  'FilterLongTimeSeenTimeout',
  'product',
];

const SERVER_FIELDS: Path<ConfigurationFormValues>[] = [
  'name',
  'description',
  'location',
  'reader_type',
  'application',
  'conf_data.RssiFilter',
  'conf_data.data_format',
  'conf_data.time_2_collect',
  'conf_data.FilterLongTimeSeenTimeout',
  'conf_data.product',
  'sensortype_uuid',
];

function initialValues(mode: ConfigurationFormMode, variant: ConfigurationVariant): ConfigurationFormValues {
  if (mode.kind === 'edit') return toConfigurationForm(mode.configuration);
  if (mode.kind === 'fromTemplate') return fromTemplateForm(mode.template);
  return emptyConfigurationForm(variant);
}

/**
 * Add, edit and create-from-template of a reader configuration (02 §2, §4, §5): the contract's
 * write schema validates as the user types, Save waits for a valid form, power and antennas are
 * kept as the device reads them, a template's edit asks first and a dirty form asks before leaving.
 */
export function ConfigurationForm({
  mode,
  variant = 'fixed',
}: {
  mode: ConfigurationFormMode;
  variant?: ConfigurationVariant;
}) {
  const { t } = useTranslation(['readerConfigurations', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const subscription = useInstanceSubscription();
  // The sensor type is offered only with the sensor extension (02 §3; the types' call needs it).
  const sensorExtension = useHasExtension('sensor');
  const measurementTypes = useMeasurementTypes(sensorExtension);
  const catalogue = useReaderCatalogue();
  const locationTree = useWholeLocationTree();
  const create = useCreateConfiguration();
  const update = useUpdateConfiguration();
  const editing = mode.kind === 'edit' ? mode.configuration : null;
  const initial = useMemo(() => initialValues(mode, variant), [mode, variant]);
  const form = useForm<ConfigurationFormValues, unknown, Body>({
    resolver: configurationResolver(),
    defaultValues: initial,
    mode: 'all',
  });
  const { handleSubmit, setValue, getValues, reset, setError, formState } = form;
  const { isValid, isSubmitting, isDirty } = formState;
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [dialog, setDialog] = useState<'template' | null>(null);
  const [pending, setPending] = useState<Body | null>(null);
  const readerType = useWatch({ control: form.control, name: 'reader_type' });
  const kind = catalogue.kinds?.find((k) => k.name === readerType);

  /** A new type has other antennas: the selection starts empty and the power stays within its maximum. */
  const changeReaderType = (name: string) => {
    const next = catalogue.kinds?.find((k) => k.name === name);
    setValue('reader_type', name, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    setValue('conf_data.Rfid.0.AntennaMask', 0, { shouldDirty: true, shouldValidate: true });
    const power = getValues('conf_data.Rfid.0.TxPercent');
    setValue('conf_data.Rfid.0.TxPercent', clampPower(power, kindSettings(next).maxPower), { shouldDirty: true });
  };

  const guard = useUnsavedChangesGuard(isDirty, {
    title: t('leaveTitle'),
    body: t('leaveBody'),
    confirmLabel: t('leaveConfirm'),
    cancelLabel: t('leaveStay'),
    testId: 'configuration-leave-dialog',
  });
  const backToList = () => void navigate(CONFIGURATION_PATHS.list);
  /** After a save: the changes are done with, nothing to ask. */
  const leaveDone = () => {
    guard.disarm();
    backToList();
  };
  const preferredFields = ['reader_configuration_ids', 'reader_type'];

  const save = async (body: Body) => {
    if (!editing) {
      try {
        await create.mutateAsync(body);
        notify.success(t('created'), { duration: SNACKBAR_SHORT_MS });
        leaveDone();
      } catch (error) {
        applyServerFieldErrors(error, SERVER_FIELDS, setError);
        notify.error(t('createFailed'), error, { withDetail: true, preferredFields });
      }
      return;
    }
    try {
      await update.mutateAsync({ id: editing.id, body });
      notify.success(t('updated'), { duration: SNACKBAR_SHORT_MS });
      leaveDone();
    } catch (error) {
      // The spec resets the form on a failed update: the saved configuration is shown again.
      reset(initial);
      notify.error(t('updateFailed'), error, { withDetail: true, preferredFields });
    }
  };

  const submit = handleSubmit(
    async (body) => {
      if (editing?.is_template) {
        setPending(body);
        setDialog('template');
        return;
      }
      await save(body);
    },
    (errors: FieldErrors<ConfigurationFormValues>) => {
      if (Object.keys(errors.conf_data ?? {}).some((field) => ADVANCED_FIELDS.includes(field))) setAdvancedOpen(true);
    },
  );

  const confirmTemplate = async () => {
    if (!pending) return;
    await save(pending);
    setDialog(null);
    setPending(null);
  };

  const saving = isSubmitting || create.isPending || update.isPending;

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} data-testid="configuration-form">
        <Stack spacing={3}>
          <GeneralSection
            variant={variant}
            kinds={catalogue.kinds}
            apps={catalogue.apps}
            onPremise={subscription.data?.on_premise ?? false}
            appsLoading={catalogue.appsLoading}
            onRefreshApps={() => void catalogue.refreshApps()}
            onReaderTypeChange={changeReaderType}
            locationTree={locationTree.data}
            sensorTypes={sensorExtension ? (measurementTypes.data ?? null) : null}
          />
          <AntennaSection kind={kind} />
          <AdvancedSection open={advancedOpen} onToggle={setAdvancedOpen} />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'flex-end', alignItems: { sm: 'center' } }}
          >
            {!isValid && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mr: 'auto' }}
                data-testid="configuration-save-hint"
              >
                {t('saveHint')}
              </Typography>
            )}
            <Button color="inherit" onClick={backToList} disabled={saving} data-testid="configuration-cancel">
              {t('common:cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isValid || saving}
              loading={saving}
              data-testid="configuration-submit"
            >
              {t('save')}
            </Button>
          </Stack>
        </Stack>
      </Box>

      <ConfirmDialog
        open={dialog === 'template'}
        title={t('templateEditTitle')}
        confirmLabel={t('templateEditConfirm')}
        destructive={false}
        busy={update.isPending}
        testId="configuration-template-dialog"
        onConfirm={() => void confirmTemplate()}
        onClose={() => {
          setDialog(null);
          setPending(null);
        }}
      >
        {t('templateEditBody', { name: editing?.name ?? '' })}
      </ConfirmDialog>
    </FormProvider>
  );
}
