import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Toaster } from '../components/ui/toast';
import { AgeGate } from '../features/age-gate/AgeGate';
import { AuthDialogProvider } from '../features/auth/auth-dialog-context';
import { ThemeApplier } from '../features/themes/ThemeApplier';
import { queryClient } from '../lib/query-client';
import { PageLoader } from './PageLoader';
import { NotFoundPage, routes } from './pages';
import { RedirectNotices } from './redirect-notices';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AgeGate>
        <AuthDialogProvider>
          <Suspense fallback={<PageLoader />}>
            <Switch>
              {/* Every route is its own chunk: the landing page downloads only what it shows. */}
              {routes.map(({ path, Page }) => (
                <Route key={path} path={path} component={Page} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
          <ScrollToTop />
          <ThemeApplier />
          <RedirectNotices />
        </AuthDialogProvider>
      </AgeGate>
      <Toaster />
    </QueryClientProvider>
  );
}

/** A new page starts at its top, as it would with full page loads. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return null;
}
