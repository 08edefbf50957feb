import { lazyNamed } from '../../lib/lazy-named';

/**
 * The signed-in frame (header, side menu and their icons) is a chunk of its own, like the pages:
 * the sign-in page does not wait for it. It is fetched as soon as the session is known (see
 * AppRoutes and first-screen.ts), beside the session's own requests.
 */
export const AppLayout = lazyNamed(() => import('./app-layout'), 'AppLayout');
