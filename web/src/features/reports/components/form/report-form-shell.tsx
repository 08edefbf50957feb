import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DisabledReason } from '../../../../components/disabled-reason';
import { PageHeader } from '../../../../components/page-header';
import { listViewPath } from '../../../../lib/list-views';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import type { ItemReportFormMode, ItemReportFormValues } from '../../model/item-report-form';
import { removeColumn } from '../../model/report-columns';
import { REPORTS_PATH } from '../../model/report-paths';
import { ColumnsEditor } from './columns-editor';
import { FormSection } from '../../../../components/form-section';
import { OrderingEditor } from './ordering-editor';
import { ReportDetailsSection } from './report-details-section';
import type { ReportFormState } from './use-report-form';

export interface ReportFormShellProps {
  state: ReportFormState;
  mode: ItemReportFormMode;
  /** The saved report's name, for the title (none when new). */
  reportName: string;
  /** The title when editing; a duplicate and a new report have the same titles in both forms. */
  editTitleKey: 'formEditTitle' | 'scheduledEditTitle';
  /** The report type shown read-only in the details (an inventory report's). */
  typeLabel?: string;
  saveLabel: string;
  /** Whether what is beside the form's values (the schedule) may be saved. */
  canSave?: boolean;
  /** Why it may not (shown on the disabled Save when the form's own values break no rule). */
  blockedReason?: string;
  onSave: (values: ItemReportFormValues) => Promise<void>;
  saving: boolean;
  /** The header's actions before Cancel and Save (a saved item report's export and delete). */
  actions?: ReactNode;
  /** The kind's own sections, between the details and the columns. */
  children: ReactNode;
  /** A dialog the actions open. */
  dialog?: ReactNode;
}

/**
 * What both report forms share (03 §2, §4, §5): the header with its breadcrumb, Cancel (asking
 * first when changed: the form's guard) and Save, the details first and the columns and their
 * ordering last, the kind's own sections between them.
 */
export function ReportFormShell({
  state,
  mode,
  reportName: name,
  editTitleKey,
  typeLabel,
  saveLabel,
  canSave = true,
  blockedReason,
  onSave,
  saving,
  actions,
  children,
  dialog,
}: ReportFormShellProps) {
  const { t } = useTranslation(['reports', 'menu', 'common']);
  const navigate = useNavigate();
  const message = useValidationMessage();
  const { control, register, handleSubmit, setValue, getValues, formState } = state.form;
  const { isValid, isSubmitting, errors } = formState;
  const title =
    mode === 'edit'
      ? t(editTitleKey, { name })
      : mode === 'duplicate'
        ? t('formDuplicateTitle', { name })
        : t('newReport');
  const columnsError = errors.fields?.message ?? errors.fields?.root?.message;
  const blocked = !isValid || !canSave || state.firstIssue !== undefined;
  // Why Save is disabled: the first rule the form breaks, else what the kind says (the schedule).
  const saveBlockedReason = state.firstIssue ? message(state.firstIssue) : blockedReason;

  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)} noValidate>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('menu:reports'), to: REPORTS_PATH }]}
        actions={
          <>
            {actions}
            <Button
              variant="outlined"
              onClick={() => void navigate(listViewPath(REPORTS_PATH))}
              data-testid="report-form-cancel"
            >
              {t('common:cancel')}
            </Button>
            <DisabledReason reason={blocked ? saveBlockedReason : undefined}>
              <Button
                type="submit"
                variant="contained"
                disabled={blocked || isSubmitting || saving}
                loading={saving}
                data-testid="report-form-save"
              >
                {saveLabel}
              </Button>
            </DisabledReason>
          </>
        }
      />
      <Stack spacing={2.5}>
        <ReportDetailsSection
          control={control}
          register={register}
          nameLocked={mode === 'edit'}
          onCategoryChange={state.changeCategory}
          typeLabel={typeLabel}
        />
        {children}
        <FormSection title={t('formColumns')} testId="report-columns-section">
          <Controller
            control={control}
            name="fields"
            render={({ field }) => (
              <ColumnsEditor
                columns={field.value}
                choices={state.columnChoices}
                required={state.requiredColumns}
                onChange={field.onChange}
                onRemove={(key) => {
                  const next = removeColumn(field.value, getValues('ordering'), key, state.requiredColumns);
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
            render={({ field }) => (
              <OrderingEditor columns={state.fields} ordering={field.value} onChange={field.onChange} />
            )}
          />
        </FormSection>
      </Stack>
      {dialog}
    </form>
  );
}
