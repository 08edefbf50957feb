import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ItemReport } from '@tagtrack/contract';
import { ExportButton } from '../../../../components/list-controls';
import { PageHeader } from '../../../../components/page-header';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { listViewPath } from '../../../../lib/list-views';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { itemReportExportUrl } from '../../api/export-item-report';
import {
  itemReportFormSchema,
  newReportValues,
  reportFormValues,
  type ItemReportFormMode,
  type ItemReportFormValues,
} from '../../model/item-report-form';
import { DEFAULT_ORDERING, columnChoices, defaultColumns, removeColumn } from '../../model/report-columns';
import { REPORTS_PATH, reportFileName } from '../../model/report-paths';
import { useReportActions } from '../use-report-actions';
import { AttributeFiltersSection } from './attribute-filters-section';
import { ColumnsEditor } from './columns-editor';
import { DateFilterSection } from './date-filter-section';
import { FormSection } from './form-section';
import { ItemFiltersSection } from './item-filters-section';
import { OrderingEditor } from './ordering-editor';
import { ReportDetailsSection } from './report-details-section';
import { useCategoryAttributes } from './use-category-attributes';
import { useColumnHeader } from './use-column-header';
import { withHeaders } from '../../model/report-columns';
import { useSaveItemReport } from './use-save-item-report';

/**
 * The real-time item report form (03 §2, §4, §5): details, filters, date filters, attribute
 * filters, columns and ordering, checked with the contract's schema; Save and View, Delete
 * (editing), Cancel (asking first when changed) and the CSV export of a saved report.
 */
export function ItemReportForm({ mode, report }: { mode: ItemReportFormMode; report?: ItemReport }) {
  const { t } = useTranslation(['reports', 'menu', 'common']);
  const navigate = useNavigate();
  const header = useColumnHeader();
  const message = useValidationMessage();
  // Read once, when the form mounts (the page keys the form by report and mode).
  const defaultValues = useMemo(
    () => (report ? relabelled(reportFormValues(report, mode), header) : newReportValues(header)),
    [report, mode, header],
  );
  const { control, register, handleSubmit, setError, setValue, getValues, formState } = useForm<ItemReportFormValues>({
    resolver: zodResolver(itemReportFormSchema),
    defaultValues,
    mode: 'onChange',
  });
  const { isDirty, isValid, isSubmitting, errors } = formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const saving = useSaveItemReport({ mode, id: report?.id ?? null, setError, guard });
  const actions = useReportActions({
    onDeleted: () => {
      guard.disarm();
      void navigate(listViewPath(REPORTS_PATH));
    },
  });
  const category = useWatch({ control, name: 'category' });
  const fields = useWatch({ control, name: 'fields' });
  const attributes = useCategoryAttributes(category);
  const choices = useMemo(() => columnChoices(header, attributes), [header, attributes]);

  // A new category: its products, attribute filters and columns no longer apply (03 §4).
  const changeCategory = (next: number) => {
    if (next === getValues('category')) return;
    const dirty = { shouldDirty: true, shouldValidate: true };
    setValue('category', next, dirty);
    setValue('product', [], dirty);
    setValue('attribute_filters', [], dirty);
    if (next <= 0) setValue('options.is_asset_attribute', false, dirty);
    setValue('fields', defaultColumns(header), dirty);
    setValue('ordering', [...DEFAULT_ORDERING], dirty);
  };

  const name = report?.report_name ?? '';
  const title =
    mode === 'edit'
      ? t('formEditTitle', { name })
      : mode === 'duplicate'
        ? t('formDuplicateTitle', { name })
        : t('newReport');
  const columnsError = errors.fields?.message ?? errors.fields?.root?.message;

  return (
    <form onSubmit={(event) => void handleSubmit(saving.save)(event)} noValidate>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('menu:reports'), to: REPORTS_PATH }]}
        actions={
          <>
            {mode === 'edit' && report && (
              <ExportButton
                url={itemReportExportUrl(report.id)}
                fileName={reportFileName(name, new Date())}
                count={undefined}
                testId="report-form-export"
              />
            )}
            {mode === 'edit' && report && (
              <Button
                color="error"
                variant="outlined"
                disabled={actions.busy || isSubmitting}
                onClick={() => actions.run('delete', report)}
                data-testid="report-form-delete"
              >
                {t('actionDelete')}
              </Button>
            )}
            <Button
              variant="outlined"
              onClick={() => void navigate(listViewPath(REPORTS_PATH))}
              data-testid="report-form-cancel"
            >
              {t('common:cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isValid || isSubmitting || saving.busy}
              loading={saving.busy}
              data-testid="report-form-save"
            >
              {t('saveAndView')}
            </Button>
          </>
        }
      />
      <Stack spacing={2.5}>
        <ReportDetailsSection
          control={control}
          register={register}
          nameLocked={mode === 'edit'}
          onCategoryChange={changeCategory}
        />
        <ItemFiltersSection control={control} />
        <DateFilterSection
          control={control}
          name="latest_status_update"
          option="is_last_seen"
          title={t('formLastUpdate')}
        />
        <DateFilterSection control={control} name="created" option="is_created" title={t('formCreatedDate')} />
        <AttributeFiltersSection control={control} attributes={attributes} disabled={category <= 0} />
        <FormSection title={t('formColumns')} testId="report-columns-section">
          <Controller
            control={control}
            name="fields"
            render={({ field }) => (
              <ColumnsEditor
                columns={field.value}
                choices={choices}
                onChange={field.onChange}
                onRemove={(key) => {
                  const next = removeColumn(field.value, getValues('ordering'), key);
                  field.onChange(next.fields);
                  setValue('ordering', next.ordering, { shouldDirty: true, shouldValidate: true });
                }}
              />
            )}
          />
          {columnsError && (
            <Stack sx={{ color: 'error.main', mt: 1 }} role="alert">
              {message(columnsError)}
            </Stack>
          )}
        </FormSection>
        <FormSection title={t('formOrdering')}>
          <Controller
            control={control}
            name="ordering"
            render={({ field }) => <OrderingEditor columns={fields} ordering={field.value} onChange={field.onChange} />}
          />
        </FormSection>
      </Stack>
      {actions.dialog}
    </form>
  );
}

/** The loaded report's columns titled in the console's language. */
function relabelled<V extends { fields: { header: string; headerKey: string }[] }>(
  values: V,
  header: (key: string) => string,
): V {
  return { ...values, fields: withHeaders(values.fields, header) };
}
