/** The Category tab of Product Management (01 §2.5). */
export function CategoryListTab() {
  return null;
}
