import { lazy, Suspense, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { isAppRoute } from '../../../shared/routes';
import { useSession } from '../auth/session';
import { applyThemeColors, rememberAppliedTheme } from './apply';

// The user's saved themes (and the schemas that check them) load only on signed-in app pages,
// keeping them out of the landing page's download.
const UserThemeApplier = lazy(() => import('./UserThemeApplier'));

/**
 * Colours the signed-in app with the user's theme (the public pages keep the default). Until the
 * user's choice has loaded, whatever /theme-boot.js applied from the last visit stays.
 */
export function ThemeApplier() {
  const { user, isLoading } = useSession();
  const [location] = useLocation();
  const themed = user !== null && isAppRoute(location);
  const signedOut = !isLoading && user === null;
  useLayoutEffect(() => {
    if (themed || isLoading) return;
    applyThemeColors(null);
    // The next person on this browser starts from the default, not the last user's theme.
    if (signedOut) rememberAppliedTheme(null);
  }, [themed, isLoading, signedOut]);
  if (!themed) return null;
  return (
    <Suspense fallback={null}>
      <UserThemeApplier userId={user.id} />
    </Suspense>
  );
}
