import { Controller, useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CategoryField } from '@tagtrack/contract';
import { newAttributeFilter, type ItemReportFormValues } from '../../model/item-report-form';
import { AttributeFilterRow, type AttributeFilterErrors } from './attribute-filter-row';
import { FormSection } from '../../../../components/form-section';

/**
 * Filters on the category's item attributes, behind the item-attribute option: disabled for all
 * and none; off clears them; an attribute already filtered cannot be picked again (03 §4, §5).
 */
export function AttributeFiltersSection({
  control,
  attributes,
  disabled,
  title,
  hint,
}: {
  control: Control<ItemReportFormValues>;
  attributes: readonly CategoryField[];
  disabled: boolean;
  /** The section's title and its hint without a category: item attributes by default. */
  title?: string;
  hint?: string;
}) {
  const { t } = useTranslation('reports');
  const filters = useController({ control, name: 'attribute_filters' });
  const list = filters.field.value;
  const errors = filters.fieldState.error as unknown as (AttributeFilterErrors | undefined)[] | undefined;
  const used = new Set(list.map((f) => f.id));
  const free = attributes.filter((a) => !used.has(a.id));

  return (
    <Controller
      control={control}
      name="options.is_asset_attribute"
      render={({ field: enabled }) => (
        <FormSection
          title={title ?? t('formAttributes')}
          testId="report-attribute-filters"
          action={
            <Switch
              checked={enabled.value && !disabled}
              disabled={disabled}
              onChange={(_, on) => {
                enabled.onChange(on);
                if (!on) filters.field.onChange([]);
              }}
              slotProps={{ input: { 'aria-label': title ?? t('formAttributes') } }}
            />
          }
        >
          {disabled ? (
            <Typography color="text.secondary">{hint ?? t('attributesNeedCategory')}</Typography>
          ) : (
            enabled.value && (
              <Stack spacing={2}>
                {list.map((filter, index) => (
                  <AttributeFilterRow
                    key={filter.id}
                    filter={filter}
                    options={attributes.find((a) => a.id === filter.id)?.options ?? []}
                    errors={Array.isArray(errors) ? errors[index] : undefined}
                    onChange={(next) => filters.field.onChange(list.map((f, i) => (i === index ? next : f)))}
                    onRemove={() => filters.field.onChange(list.filter((_, i) => i !== index))}
                  />
                ))}
                <TextField
                  select
                  size="small"
                  label={t('addAttributeFilter')}
                  value=""
                  disabled={free.length === 0}
                  onChange={(event) => {
                    const field = free.find((a) => String(a.id) === event.target.value);
                    if (field) filters.field.onChange([...list, newAttributeFilter(field)]);
                  }}
                  sx={{ maxWidth: 320 }}
                  slotProps={{ htmlInput: { 'data-testid': 'add-attribute-filter' } }}
                >
                  {free.map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            )
          )}
        </FormSection>
      )}
    />
  );
}
