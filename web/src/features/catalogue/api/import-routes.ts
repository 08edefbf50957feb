import { API_ROUTES, ITEM_IMPORT_TEMPLATE_FILE, PRODUCT_IMPORT_TEMPLATE_FILE } from '@tagtrack/contract';

/** What a CSV import imports: products (catalogue) or items (inventory). */
export type ImportKind = 'products' | 'items';

/** The API routes and template file name of each import. */
export const IMPORT_ROUTES = {
  products: {
    template: API_ROUTES.productImportTemplate.url,
    preview: API_ROUTES.productImportPreview.url,
    commit: API_ROUTES.productImport.url,
    templateFile: PRODUCT_IMPORT_TEMPLATE_FILE,
  },
  items: {
    template: API_ROUTES.itemImportTemplate.url,
    preview: API_ROUTES.itemImportPreview.url,
    commit: API_ROUTES.itemImport.url,
    templateFile: ITEM_IMPORT_TEMPLATE_FILE,
  },
} as const satisfies Record<ImportKind, { template: string; preview: string; commit: string; templateFile: string }>;

/** The CSV as multipart/form-data in the field `file`. */
export function importForm(file: File): FormData {
  const form = new FormData();
  form.set('file', file, file.name);
  return form;
}
