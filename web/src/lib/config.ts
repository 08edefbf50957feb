/** External support site opened from the user menu, in a new tab. */
export const SUPPORT_URL = 'https://tagtrack.io/support';

/** Side panel width (spec 01 §9). */
export const SIDE_PANEL_WIDTH = '17rem';

/** Key under which the client store is persisted in localStorage. */
export const CLIENT_STORE_KEY = 'tagtrack';
