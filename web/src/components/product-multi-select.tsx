import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { UNASSIGNED_SKU, type Product } from '@tagtrack/contract';
import { usePickerCategories, usePickerProducts } from '../lib/catalogue/picker-queries';
import { urlFilter } from './paged-table/list-params';

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
 * The product multi-select with Select All (01 §2.14): every product but Unassigned, by SKU; the
 * value is the chosen SKUs. Select All picks every product, or clears them when all are picked.
 */
export function ProductMultiSelect({
  value,
  onChange,
  label,
  testId = 'product-select',
  size = 'small',
}: {
  value: readonly string[];
  onChange: (skus: string[]) => void;
  label?: string;
  testId?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('common');
  const products = usePickerProducts();
  const limitTags = useChipLimit();
  const bySku = useMemo(() => new Map((products.data ?? []).map((p) => [p.sku, p])), [products.data]);
  const skus = useMemo(() => (products.data ?? []).map((p) => p.sku), [products.data]);
  const allChosen = skus.length > 0 && skus.every((sku) => value.includes(sku));
  const nameOf = (sku: string) => {
    const product = bySku.get(sku);
    return product ? productLabel(product) : sku;
  };
  return (
    <Autocomplete<string, true, false, false>
      multiple
      size={size}
      disableCloseOnSelect
      limitTags={limitTags}
      loading={products.isPending}
      options={skus.length > 0 ? [ALL, ...skus] : []}
      value={[...value]}
      getOptionLabel={(sku) => (sku === ALL ? t('selectAll') : nameOf(sku))}
      onChange={(_, next, reason, details) => {
        if (details?.option === ALL) onChange(allChosen || reason === 'removeOption' ? [] : [...skus]);
        else onChange(next.filter((sku) => sku !== ALL));
      }}
      renderOption={(props, sku) => {
        const { key, ...rest } = props;
        const checked = sku === ALL ? allChosen : value.includes(sku);
        return (
          <li key={key} {...rest} data-testid={`${testId}-option`}>
            <Checkbox
              size="small"
              checked={checked}
              indeterminate={sku === ALL && !allChosen && value.length > 0}
              sx={{ mr: 1, p: 0.5 }}
            />
            {sku === ALL ? t('selectAll') : nameOf(sku)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('productsLabel')}
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
      {options.length > 0 && <ListSubheader>{t('categoryLabel')}</ListSubheader>}
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
