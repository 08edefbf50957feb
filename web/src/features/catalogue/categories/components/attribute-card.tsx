import { Controller, useFormContext, useFormState, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { ATTRIBUTE_TYPES, type AttributeType } from '@tagtrack/contract';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import type { CategoryFormValues } from '../model/category-form-model';
import { AttributeValueInput } from './attribute-value-input';
import { ListOptionsEditor } from './list-options-editor';

export const ATTRIBUTE_TYPE_LABEL_KEYS = {
  Text: 'typeText',
  DropdownList: 'typeDropdownList',
  DateTime: 'typeDateTime',
  Number: 'typeNumber',
} as const satisfies Record<AttributeType, string>;

type Toggle = 'required' | 'asset_data' | 'show_in_table' | 'has_default' | 'fixed_data';

/** An error at a field or (for a list's values) at its root. */
function messageOf(error: unknown): string | undefined {
  const e = error as (FieldError & { root?: FieldError }) | undefined;
  return e?.message ?? e?.root?.message;
}

/**
 * One custom attribute of the category form (01 §4): name, type, the toggles, a default or a
 * fixed value, and a list's values. Switching fixed on clears and disables item-only, required
 * and default; changing the type resets the default and fixed values.
 */
export function AttributeCard({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('categories');
  const validationMessage = useValidationMessage();
  const { control, register, setValue } = useFormContext<CategoryFormValues>();
  const formState = useFormState({ control });
  const path = `fields.${index}` as const;
  const [type, fixed, hasDefault, options] = useWatch({
    control,
    name: [`${path}.type`, `${path}.fixed_data`, `${path}.has_default`, `${path}.options`],
  });
  const errors = formState.errors.fields?.[index];
  const testId = (key: string) => `attribute-${index}-${key}`;
  const dirty = { shouldDirty: true } as const;

  const toggle = (name: Toggle, label: string, options: { disabled?: boolean; help?: string } = {}) => (
    <Controller
      control={control}
      name={`${path}.${name}`}
      render={({ field }) => (
        <FormControlLabel
          label={
            options.help ? (
              <Tooltip title={options.help}>
                <span>{label}</span>
              </Tooltip>
            ) : (
              label
            )
          }
          disabled={options.disabled}
          control={
            <Switch
              size="small"
              checked={Boolean(field.value)}
              onChange={(_, on) => {
                field.onChange(on);
                if (name === 'fixed_data' && on) {
                  setValue(`${path}.asset_data`, false, dirty);
                  setValue(`${path}.required`, false, dirty);
                  setValue(`${path}.has_default`, false, dirty);
                  setValue(`${path}.default_value`, '', dirty);
                }
              }}
              slotProps={{ input: { 'data-testid': testId(name) } as object }}
            />
          }
          sx={{ mr: 3, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
        />
      )}
    />
  );

  return (
    <Card variant="outlined" data-testid={`attribute-card-${index}`} sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'grey.50' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography
          variant="subtitle2"
          component="h3"
          color="text.secondary"
          sx={{ textTransform: 'uppercase', letterSpacing: '0.06em' }}
        >
          {t('attributeTitle', { n: index + 1 })}
        </Typography>
        <Tooltip title={t('removeAttribute', { n: index + 1 })}>
          <IconButton
            size="small"
            aria-label={t('removeAttribute', { n: index + 1 })}
            onClick={onRemove}
            data-testid={testId('remove')}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextField
            size="small"
            label={t('attributeName')}
            required
            {...register(`${path}.name`)}
            error={Boolean(errors?.name)}
            helperText={errors?.name ? validationMessage(errors.name.message) : undefined}
            slotProps={{ htmlInput: { 'data-testid': testId('name') } }}
            sx={{ bgcolor: 'background.paper' }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Controller
            control={control}
            name={`${path}.type`}
            render={({ field }) => (
              <TextField
                size="small"
                select
                label={t('attributeType')}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  setValue(`${path}.default_value`, '', dirty);
                  setValue(`${path}.fixed_value`, '', dirty);
                }}
                slotProps={{ htmlInput: { 'data-testid': testId('type') } }}
                sx={{ bgcolor: 'background.paper' }}
              >
                {ATTRIBUTE_TYPES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(ATTRIBUTE_TYPE_LABEL_KEYS[value])}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', mt: 1.5, ml: 0.5 }}>
        {toggle('required', t('required'), { disabled: fixed })}
        {toggle('asset_data', t('itemOnly'), { disabled: fixed, help: t('itemOnlyHelp') })}
        {toggle('show_in_table', t('showInTable'))}
        {toggle('has_default', t('defaultValue'), { disabled: fixed })}
        {toggle('fixed_data', t('fixedValue'))}
      </Box>
      {((hasDefault && !fixed) || fixed) && (
        <Box sx={{ mt: 1.5, maxWidth: { md: 'calc(66.66% - 8px)' }, bgcolor: 'background.paper' }}>
          <Controller
            control={control}
            name={fixed ? `${path}.fixed_value` : `${path}.default_value`}
            render={({ field }) => (
              <AttributeValueInput
                key={fixed ? 'fixed' : 'default'}
                type={type}
                options={options}
                label={fixed ? t('fixedValue') : t('defaultValue')}
                required={fixed}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={
                  validationMessage(fixed ? errors?.fixed_value?.message : errors?.default_value?.message) || undefined
                }
                testId={testId(fixed ? 'fixed-value' : 'default-value')}
              />
            )}
          />
        </Box>
      )}
      {type === 'DropdownList' && (
        <Box sx={{ mt: 2 }}>
          <Controller
            control={control}
            name={`${path}.options`}
            render={({ field }) => (
              <ListOptionsEditor
                options={field.value}
                onChange={field.onChange}
                error={validationMessage(messageOf(errors?.options)) || undefined}
                testId={testId('options')}
              />
            )}
          />
        </Box>
      )}
    </Card>
  );
}
