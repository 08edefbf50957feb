import { useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REPORT_ITEM_STATUSES, type Product, type ReportItemStatus } from '@tagtrack/contract';
import { LocationTreePicker } from '../../../../shared/locations/location-tree-picker';
import { ProductMultiSelect } from '../../../../shared/catalogue/product-multi-select';
import { usePickerProducts } from '../../../../shared/catalogue/picker-queries';
import { useWholeLocationTree } from '../../../../shared/locations/get-whole-location-tree';
import { FORM_CATEGORY_ALL, type ItemReportFormValues } from '../../model/item-report-form';
import { FormSection } from '../../../../components/form-section';

const STATUS_LABEL = { out: 'statusOut', in: 'statusIn', lost: 'statusLost' } as const;
/** Any location filters: the report counts its subtree. */
const anyLocation = () => true;

function toggle(list: readonly ReportItemStatus[], status: ReportItemStatus, on: boolean): ReportItemStatus[] {
  return REPORT_ITEM_STATUSES.filter((s) => (s === status ? on : list.includes(s)));
}

/**
 * The products a report of the form's category may list (03 §4): all (-1), those without a
 * category (0), or the category's and its subcategories', as the server reads the category.
 */
function productsOfCategory(category: number): ((product: Product) => boolean) | undefined {
  if (category === FORM_CATEGORY_ALL) return undefined;
  if (category === 0) return (product) => product.category === null;
  return (product) => product.category === category || product.category__parent === category;
}

/** The product picker speaks SKUs; the report keeps product ids. Only the category's products are offered. */
function ProductFilter({
  value,
  onChange,
  category,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  category: number;
}) {
  const { t } = useTranslation('reports');
  const products = usePickerProducts();
  const include = useMemo(() => productsOfCategory(category), [category]);
  const { skuOf, idOf } = useMemo(() => {
    const list = products.data ?? [];
    return {
      skuOf: new Map(list.map((p) => [p.id, p.sku])),
      idOf: new Map(list.map((p) => [p.sku, p.id])),
    };
  }, [products.data]);
  const skus = value.flatMap((id) => skuOf.get(id) ?? []);
  return (
    <ProductMultiSelect
      value={skus}
      onChange={(next) => onChange(next.flatMap((sku) => idOf.get(sku) ?? []))}
      label={t('formProducts')}
      testId="report-product-select"
      include={include}
    />
  );
}

/** Status (default in), products and locations: an empty one is not sent (03 §7). */
export function ItemFiltersSection({
  control,
  showStatus = true,
}: {
  control: Control<ItemReportFormValues>;
  /** Inventory reports have no status filter. */
  showStatus?: boolean;
}) {
  const { t } = useTranslation('reports');
  const tree = useWholeLocationTree();
  const category = useWatch({ control, name: 'category' });
  return (
    <FormSection title={t('formFilters')} testId="report-filters">
      <Stack spacing={2.5}>
        {showStatus && (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend">{t('formStatus')}</FormLabel>
                <FormGroup row>
                  {REPORT_ITEM_STATUSES.map((status) => (
                    <FormControlLabel
                      key={status}
                      label={t(STATUS_LABEL[status])}
                      control={
                        <Checkbox
                          checked={field.value.includes(status)}
                          onChange={(_, on) => field.onChange(toggle(field.value, status, on))}
                          slotProps={{ input: { 'aria-label': t(STATUS_LABEL[status]) } }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {field.value.length === 0 && (
                  // The report lists the items in when no status is chosen (03 §3, §9): said, not hidden.
                  <FormHelperText data-testid="report-status-none">
                    {t('statusNoneMeansIn', { status: t('statusIn') })}
                  </FormHelperText>
                )}
              </FormControl>
            )}
          />
        )}
        <Controller
          control={control}
          name="product"
          render={({ field }) => <ProductFilter value={field.value} onChange={field.onChange} category={category} />}
        />
        <Controller
          control={control}
          name="location"
          render={({ field }) => (
            <div>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('formLocations')}
              </Typography>
              <LocationTreePicker
                locations={tree.data ?? []}
                loading={tree.isPending}
                value={field.value}
                onChange={field.onChange}
                multiple
                selectable={anyLocation}
                label={t('formLocations')}
                height={260}
                testId="report-location-picker"
              />
            </div>
          )}
        />
      </Stack>
    </FormSection>
  );
}
