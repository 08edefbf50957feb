/** The sign-in page's search parameter naming the console path to return to. */
export const NEXT_PARAM = 'next';

const ORIGIN = 'https://console.invalid';

/**
 * SECURITY: the path to go to after sign-in, only if it is a path of this console: it must start
 * with a single `/` and resolve to the console's own origin (so `//host`, `/\host`, `http:…` and
 * control characters, which browsers may drop or turn into slashes, are refused). The sign-in page
 * itself is refused too. Returns pathname + search + hash, or null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in path that returns to `location` afterwards (plain /login for the home page). */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const target = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  return target && target !== '/' ? `/login?${NEXT_PARAM}=${encodeURIComponent(target)}` : '/login';
}

/** Where to go after sign-in: the `next` parameter of the sign-in page's search when safe, else /. */
export function returnPathFromSearch(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? '/';
}
