/** The Product tab of Product Management (01 §2.8). */
export function ProductListTab() {
  return null;
}
