import { useTranslation } from 'react-i18next';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Category, Product } from '@tagtrack/contract';
import { NO_CATEGORY, productLabel } from '../model/item-form-model';

interface SelectorsProps {
  /** The selectors choose (a lookup product); otherwise they show what the EPC or the item says. */
  choosable: boolean;
  categories: readonly Category[];
  products: readonly Product[];
  productsLoading: boolean;
  category: string;
  product: string;
  onCategory: (value: string) => void;
  onProduct: (value: string) => void;
  /** Shown while not choosable. */
  categoryText: string;
  productText: string;
  categoryError?: string;
  productError?: string;
  productHelper?: string;
}

/** Category and product: selectors for lookup products, read-only otherwise (01 §2.11). */
export function ItemProductSelectors(props: SelectorsProps) {
  const { t } = useTranslation('items');
  const { choosable, categories, products, category, product } = props;

  if (!choosable) {
    return (
      <>
        <TextField
          label={t('category')}
          value={props.categoryText}
          disabled
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'item-category' } }}
        />
        <TextField
          label={t('product')}
          value={props.productText}
          disabled
          fullWidth
          helperText={props.productHelper}
          slotProps={{ htmlInput: { 'data-testid': 'item-product' } }}
        />
      </>
    );
  }

  return (
    <>
      <TextField
        select
        label={t('category')}
        value={categoryListed(categories, category) ? category : ''}
        onChange={(event) => props.onCategory(event.target.value)}
        error={Boolean(props.categoryError)}
        helperText={props.categoryError}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'item-category' } }}
      >
        <MenuItem value="">
          <em>{t('chooseCategory')}</em>
        </MenuItem>
        <MenuItem value={NO_CATEGORY}>{t('noCategory')}</MenuItem>
        {/* Select takes its options as direct children: subcategories follow their parent, indented. */}
        {categories.flatMap((top) => [
          <MenuItem key={top.id} value={String(top.id)}>
            {top.name}
          </MenuItem>,
          ...top.subcategories.map((sub) => (
            <MenuItem key={sub.id} value={String(sub.id)} sx={{ pl: 4 }}>
              {sub.name}
            </MenuItem>
          )),
        ])}
      </TextField>
      <TextField
        select
        label={t('product')}
        value={products.some((p) => p.sku === product) ? product : ''}
        onChange={(event) => props.onProduct(event.target.value)}
        disabled={category === ''}
        error={Boolean(props.productError)}
        helperText={props.productError ?? props.productHelper}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'item-product' } }}
      >
        <MenuItem value="">
          <em>{t('chooseProduct')}</em>
        </MenuItem>
        {products.length === 0 && (
          <ListSubheader sx={{ lineHeight: 2.5 }}>
            {props.productsLoading ? t('productsLoading') : t('noLookupProducts')}
          </ListSubheader>
        )}
        {products.map((p) => (
          <MenuItem key={p.sku} value={p.sku}>
            {productLabel(p)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** Whether the select offers the value yet (the categories may still be loading). */
function categoryListed(categories: readonly Category[], value: string): boolean {
  if (value === '' || value === NO_CATEGORY) return true;
  return categories.some(
    (top) => String(top.id) === value || top.subcategories.some((sub) => String(sub.id) === value),
  );
}
