import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { isAppRoute } from '../../../shared/routes';
import { useSession } from '../auth/session';
import { applyThemeVariables, rememberAppliedTheme } from './apply';

// The user's saved themes (and the schemas that check them) load only on signed-in app pages,
// keeping them out of the landing page's download. Loaded in an effect, not with React.lazy: a
// suspended boundary, even an invisible one, holds every other Suspense reveal on the page back
// by React's 300 ms throttle (decision 0020).
type Applier = ComponentType<{ userId: string }>;
let loadedApplier: Applier | null = null;
const loadApplier = () => import('./UserThemeApplier').then((m) => (loadedApplier = m.default));

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
    applyThemeVariables(null);
    // The next person on this browser starts from the default, not the last user's theme.
    if (signedOut) rememberAppliedTheme(null);
  }, [themed, isLoading, signedOut]);
  const [UserThemeApplier, setUserThemeApplier] = useState(() => loadedApplier);
  useEffect(() => {
    if (!themed || UserThemeApplier) return;
    let live = true;
    // If the chunk cannot load, the colours /theme-boot.js applied stay.
    loadApplier().then(
      (applier) => live && setUserThemeApplier(() => applier),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [themed, UserThemeApplier]);
  if (!themed || !UserThemeApplier) return null;
  return <UserThemeApplier userId={user.id} />;
}
