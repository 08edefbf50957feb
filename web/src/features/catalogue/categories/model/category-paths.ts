const BASE = '/admin-setting/product-management';

/** Where the category screens lead (paths as in the console route table). */
export const CATEGORY_PATHS = {
  list: `${BASE}/category`,
  add: `${BASE}/category/add-category`,
  edit: (id: number) => `${BASE}/category/modify-category/${id}`,
  products: `${BASE}/product`,
};
