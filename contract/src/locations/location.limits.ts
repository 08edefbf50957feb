export const LOCATION_NAME_MAX = 150;
/** Tree nodes show at most this many characters of a name, then an ellipsis. */
export const LOCATION_NAME_DISPLAY_MAX = 45;
export const LOCATION_IMAGE_MAX_BYTES = 3_200_000;
export const LOCATION_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const LOCATION_FILE_TYPES = ['floor plan', 'other'] as const;
/** The special roots every customer has (spec 01 §3, 03 §3). */
export const SPECIAL_ROOTS = { removed: 'Removed', unassigned: 'Unassigned' } as const;
export const LOCATION_TREE_PANEL_HEIGHT = 330;
