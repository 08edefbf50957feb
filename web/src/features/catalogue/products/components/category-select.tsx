import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Category } from '@tagtrack/contract';

/** The list filter's "All categories" value. */
export const ALL_CATEGORIES = '-1';

type CategorySelectProps = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'> & {
  tree: readonly Category[];
  value: string;
  onChange: (value: string) => void;
  /** Offer "All categories" (-1) first (the list filter). */
  withAll?: boolean;
  testId?: string;
};

/**
 * Category choice: (All categories,) None (0), then each top-level category with its subcategories
 * indented below it. Values are ids as text.
 */
export function CategorySelect({ tree, value, onChange, withAll = false, testId, ...props }: CategorySelectProps) {
  const { t } = useTranslation('products');
  const known =
    value === '' ||
    value === '0' ||
    (withAll && value === ALL_CATEGORIES) ||
    tree.some((c) => String(c.id) === value || c.subcategories.some((s) => String(s.id) === value));
  return (
    <TextField
      select
      {...props}
      // A preselected category that has not loaded yet shows empty rather than an out-of-range warning.
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: testId ? { 'data-testid': testId } : {},
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
      }}
    >
      {withAll && <MenuItem value={ALL_CATEGORIES}>{t('allCategories')}</MenuItem>}
      <MenuItem value="0">{t('noCategory')}</MenuItem>
      {tree.flatMap((category) => [
        <MenuItem key={category.id} value={String(category.id)} sx={{ fontWeight: 500 }}>
          {category.name}
        </MenuItem>,
        ...category.subcategories.map((sub) => (
          <MenuItem key={sub.id} value={String(sub.id)} sx={{ pl: 4, color: 'text.secondary' }}>
            {sub.name}
          </MenuItem>
        )),
      ])}
    </TextField>
  );
}
