/**
 * Client-side routes of the single-page app. The server uses this list to answer unknown paths
 * with a 404 status (while still serving the app shell, which renders the not-found screen).
 * Patterns use ':param' segments and a trailing '?' for an optional parameter (optional ones last).
 */
/** The public page that publishes the crisis protocol (CA SB 243): outside the age gate. */
export const SAFETY_PAGE_PATH = '/safety';

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
  '/safety',
  '/account',
  '/reset-password',
  '/admin/:section?/:userId?',
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
  '/account',
  '/admin',
] as const;

export function isAppRoute(pathname: string): boolean {
  return APP_ROUTE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/**
 * The page each route shows: `src/web/pages/<name>.tsx`, a chunk of its own. The web app renders
 * it; the server names its chunk in the route's HTML so that the browser fetches it at once.
 */
export const ROUTE_PAGES: Record<ClientRoute, string> = {
  '/': 'LandingPage',
  '/chat/:conversationId?': 'ChatPage',
  '/create': 'CreateCharacterPage',
  '/edit/:characterId': 'EditCharacterPage',
  '/settings/:characterId': 'CharacterSettingsPage',
  '/pricing': 'PricingPage',
  '/membership': 'MembershipPage',
  '/contact': 'ContactPage',
  '/terms-and-conditions': 'TermsPage',
  '/privacy-policy': 'PrivacyPage',
  '/safety': 'SafetyPage',
  '/account': 'AccountPage',
  '/reset-password': 'ResetPasswordPage',
  '/admin/:section?/:userId?': 'AdminPage',
};
export const NOT_FOUND_PAGE = 'NotFoundPage';

/** The page module a path shows (a name in ROUTE_PAGES, or the not-found page). */
export const pageForPath = (pathname: string) => {
  const route = matchClientRoute(pathname);
  return route ? ROUTE_PAGES[route] : NOT_FOUND_PAGE;
};

/** The client route a path belongs to, or null (the not-found screen). */
export function matchClientRoute(pathname: string): ClientRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTES.find((pattern) => matchPattern(pattern, path)) ?? null;
}

export function isClientRoute(pathname: string): boolean {
  return matchClientRoute(pathname) !== null;
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
