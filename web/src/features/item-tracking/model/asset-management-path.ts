/** Asset Management: deleted items, restored from there (01 §2.2). */
export const ASSET_MANAGEMENT_PATH = '/asset-management';
