/**
 * Client-side routes of the single-page app. The server uses this list to answer unknown paths
 * with a 404 status (while still serving the app shell, which renders the not-found screen).
 * Patterns use ':param' segments and a trailing '?' for an optional last parameter.
 */
export const CLIENT_ROUTES = [
  '/',
  '/chat/:conversationId?',
  '/create',
  '/edit/:characterId',
  '/settings/:characterId',
  '/pricing',
  '/membership',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
] as const;

/**
 * The signed-in app (as opposed to the public pages): the user's colour theme applies here.
 * src/web/public/theme-boot.js repeats this list (it runs before any module loads).
 */
export const APP_ROUTE_PREFIXES = [
  '/chat',
  '/create',
  '/edit',
  '/settings',
  '/membership',
] as const;

export function isAppRoute(pathname: string): boolean {
  return APP_ROUTE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTES.some((pattern) => matchPattern(pattern, path));
}

function matchPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (have.length > want.length) return false;
  return want.every((segment, index) => {
    const actual = have[index];
    if (segment.startsWith(':')) return actual !== undefined || segment.endsWith('?');
    return actual === segment;
  });
}
