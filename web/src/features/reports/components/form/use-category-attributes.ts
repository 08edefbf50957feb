import { useMemo } from 'react';
import type { CategoryField } from '@tagtrack/contract';
import { usePickerCategories } from '../../../../shared/catalogue/picker-queries';

/**
 * The item-level attributes (asset_data) of a category or subcategory, or with `assetData` false its
 * product-level ones (inventory reports); none for all (-1) and none (0).
 */
export function useCategoryAttributes(category: number, assetData = true): CategoryField[] {
  const categories = usePickerCategories();
  return useMemo(() => {
    if (category <= 0) return [];
    const nodes = (categories.data ?? []).flatMap((root) => [root, ...root.subcategories]);
    return (nodes.find((node) => node.id === category)?.fields ?? []).filter((field) => field.asset_data === assetData);
  }, [categories.data, category, assetData]);
}
