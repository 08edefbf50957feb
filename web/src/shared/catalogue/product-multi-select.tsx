import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { UNASSIGNED_SKU, type Product } from '@tagtrack/contract';
import { usePickerCategories, usePickerProducts } from './picker-queries';
import { urlFilter } from '../../components/paged-table/list-params';

/** What a product is called on screen: its name, else its product code, else its SKU. */
export function productLabel(product: Pick<Product, 'sku' | 'name' | 'product_code'>): string {
  return product.name.trim() || product.product_code?.trim() || product.sku;
}

/** A product name as lists show it: the Unassigned product reads as Unknown (01 §3). */
export function useProductDisplayName() {
  const { t } = useTranslation('common');
  return (product: { sku: string; name: string; product_code?: string | null }) =>
    product.sku === UNASSIGNED_SKU
      ? t('unknownProduct')
      : productLabel({ ...product, product_code: product.product_code ?? null });
}

/** The chips shown before '+n': 4 on screens narrower than 1600 px, 8 otherwise (01 §2.14). */
export function useChipLimit(): number {
  return useMediaQuery('(min-width:1600px)') ? 8 : 4;
}

const ALL = '\u0000all';

/**
 * The product multi-select with Select All (01 §2.14): every product but Unassigned (`sensorOnly`:
 * the sensor products; `include`: those it accepts, e.g. a category's), by SKU or (`by="id"`) by id as text; the value is the chosen keys. Select
 * All picks every product, or clears them when all are picked. A form passes its field's error.
 */
export function ProductMultiSelect({
  value,
  onChange,
  onBlur,
  label,
  testId = 'product-select',
  size = 'small',
  sensorOnly = false,
  by = 'sku',
  required = false,
  error = false,
  helperText,
  include,
}: {
  value: readonly string[];
  onChange: (keys: string[]) => void;
  onBlur?: () => void;
  label?: string;
  testId?: string;
  size?: 'small' | 'medium';
  sensorOnly?: boolean;
  by?: 'sku' | 'id';
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Which products are offered (and picked by Select All): all by default. */
  include?: (product: Product) => boolean;
}) {
  const { t } = useTranslation('common');
  const query = usePickerProducts({ sensorOnly });
  const offered = useMemo(() => (include ? query.data?.filter(include) : query.data), [query.data, include]);
  const products = { isPending: query.isPending, data: offered };
  const limitTags = useChipLimit();
  const keyOf = useCallback((p: Product) => (by === 'id' ? String(p.id) : p.sku), [by]);
  const byKey = useMemo(() => new Map((products.data ?? []).map((p) => [keyOf(p), p])), [products.data, keyOf]);
  const keys = useMemo(() => (products.data ?? []).map(keyOf), [products.data, keyOf]);
  const allChosen = keys.length > 0 && keys.every((key) => value.includes(key));
  const nameOf = (key: string) => {
    const product = byKey.get(key);
    return product ? productLabel(product) : key;
  };
  return (
    <Autocomplete<string, true, false, false>
      multiple
      size={size}
      disableCloseOnSelect
      limitTags={limitTags}
      loading={products.isPending}
      options={keys.length > 0 ? [ALL, ...keys] : []}
      value={[...value]}
      getOptionLabel={(key) => (key === ALL ? t('selectAll') : nameOf(key))}
      onChange={(_, next, reason, details) => {
        if (details?.option === ALL) onChange(allChosen || reason === 'removeOption' ? [] : [...keys]);
        else onChange(next.filter((key) => key !== ALL));
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        const checked = option === ALL ? allChosen : value.includes(option);
        return (
          <li key={key} {...rest} data-testid={`${testId}-option`}>
            <Checkbox
              size="small"
              checked={checked}
              indeterminate={option === ALL && !allChosen && value.length > 0}
              sx={{ mr: 1, p: 0.5 }}
            />
            {option === ALL ? t('selectAll') : nameOf(option)}
          </li>
        );
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('productsLabel')}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
      sx={{ minWidth: 220, flex: 1 }}
    />
  );
}

/** A category filter value: '' all, 'none' products without a category, else a category id. */
export type CategoryChoice = '' | 'none' | `${number}`;

/** The category choice as a list filter in the URL (`category=none`, `category=7`; absent: all). */
export const CATEGORY_CHOICE_PARAM = urlFilter.text<CategoryChoice>('', /^(none|\d+)$/);

/**
 * A heading among a select's options. The select gives each child the option role and a click that
 * chooses it; this takes neither, so assistive technology reads no heading as a choice.
 */
function GroupHeading({ children }: { children: ReactNode }) {
  return <ListSubheader role="presentation">{children}</ListSubheader>;
}

/** The category select (03 §2): all, uncategorized, or a category (subcategories indented). */
export function CategorySelect({
  value,
  onChange,
  label,
  testId = 'category-select',
}: {
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const categories = usePickerCategories();
  const options = (categories.data ?? []).flatMap((root) => [
    { id: root.id, name: root.name, depth: 0 },
    ...root.subcategories.map((sub) => ({ id: sub.id, name: sub.name, depth: 1 })),
  ]);
  const known = value === '' || value === 'none' || options.some((o) => String(o.id) === value);
  return (
    <TextField
      select
      size="small"
      label={label ?? t('categoryLabel')}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value as CategoryChoice)}
      slotProps={{ htmlInput: { 'data-testid': testId }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('allCategories')}</MenuItem>
      <MenuItem value="none">{t('uncategorized')}</MenuItem>
      {options.length > 0 && <GroupHeading>{t('categoryLabel')}</GroupHeading>}
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)} sx={{ pl: 2 + option.depth * 2 }}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The list query's category parameters for a choice. */
export function categoryParams(choice: CategoryChoice): { category?: number; noncategorized?: 'true' } {
  if (choice === '') return {};
  if (choice === 'none') return { noncategorized: 'true' };
  return { category: Number(choice) };
}
