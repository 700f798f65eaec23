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
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
] as const;

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
