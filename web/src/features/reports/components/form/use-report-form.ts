import { useMemo } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CategoryField, ReportColumn } from '@tagtrack/contract';
import { useUnsavedChangesGuard, type UnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import type { ItemReportFormMode, ItemReportFormValues, ReportFormKind } from '../../model/item-report-form';
import { withHeaders } from '../../model/report-columns';
import { useCategoryAttributes } from './use-category-attributes';
import { useColumnHeader } from './use-column-header';

/** A report form's state, as ReportFormShell and the kind's own sections use it. */
export interface ReportFormState {
  form: UseFormReturn<ItemReportFormValues>;
  guard: UnsavedChangesGuard;
  category: number;
  /** The columns shown, which the ordering picks from. */
  fields: ReportColumn[];
  /** The chosen category's attributes: the attribute filters' and the columns' choices. */
  attributes: CategoryField[];
  columnChoices: ReportColumn[];
  /** The columns that may not be removed. */
  requiredColumns: readonly string[];
  /** A new category: its products, attribute filters and columns no longer apply (03 §4). */
  changeCategory: (category: number) => void;
  /** The first rule the values break (a message key), which keeps Save disabled; undefined when none. */
  firstIssue: string | undefined;
}

/**
 * The form of a report of `kind`, new or from `report` (its columns titled in the console's
 * language), checked with the kind's rules on every change. Leaving with changes asks first; the
 * form has changed when its values have or `otherChanges` says so (the schedule, kept beside it).
 */
export function useReportForm<R>(
  kind: ReportFormKind<R>,
  { mode, report, otherChanges = false }: { mode: ItemReportFormMode; report?: R; otherChanges?: boolean },
): ReportFormState {
  const header = useColumnHeader(kind.type);
  // Read once, when the form mounts (the page keys the form by report and mode).
  const defaultValues = useMemo(() => {
    if (!report) return kind.newValues(header);
    const values = kind.savedValues(report, mode);
    return { ...values, fields: withHeaders(values.fields, header) };
  }, [kind, report, mode, header]);
  const form = useForm<ItemReportFormValues>({
    resolver: zodResolver(kind.schema),
    defaultValues,
    mode: 'onChange',
  });
  const { control, getValues, setValue, formState } = form;
  const guard = useUnsavedChangesGuard(formState.isDirty || otherChanges);
  const category = useWatch({ control, name: 'category' });
  const fields = useWatch({ control, name: 'fields' });
  const values = useWatch({ control }) as ItemReportFormValues;
  const firstIssue = useMemo(() => kind.schema.safeParse(values).error?.issues[0]?.message, [kind, values]);
  const attributes = useCategoryAttributes(category, kind.type === 'asset');
  const columnChoices = useMemo(() => kind.columnChoices(header, attributes), [kind, header, attributes]);

  const changeCategory = (next: number) => {
    if (next === getValues('category')) return;
    const dirty = { shouldDirty: true, shouldValidate: true };
    setValue('category', next, dirty);
    setValue('product', [], dirty);
    setValue('attribute_filters', [], dirty);
    if (next <= 0) setValue('options.is_asset_attribute', false, dirty);
    setValue('fields', kind.defaultColumns(header), dirty);
    setValue('ordering', [...kind.defaultOrdering], dirty);
  };

  return {
    form,
    guard,
    category,
    fields,
    attributes,
    columnChoices,
    requiredColumns: kind.requiredColumns,
    changeCategory,
    firstIssue,
  };
}
