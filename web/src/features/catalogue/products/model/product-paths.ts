/** Console paths the product screens lead to (as in the contract's console routes). */
export const PRODUCT_PATHS = {
  list: '/admin-setting/product-management/product',
  add: '/admin-setting/product-management/product/add-product',
  importProducts: '/admin-setting/product-management/product/product-import',
  importItems: '/mass-import',
  inventory: '/inventory',
} as const;

/** The edit page of a product; the SKU is URL-encoded (a LOOKUP SKU may hold any character). */
export function editProductPath(sku: string): string {
  return `/admin-setting/product-management/product/modify-product/${encodeURIComponent(sku)}`;
}
