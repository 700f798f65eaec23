import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Toaster } from '../components/ui/toast';
import { AgeGate } from '../features/age-gate/AgeGate';
import { AuthDialogProvider } from '../features/auth/auth-dialog-context';
import { ThemeApplier } from '../features/themes/ThemeApplier';
import { queryClient } from '../lib/query-client';
import { PageLoader } from './PageLoader';
import { RedirectNotices } from './RedirectNotices';

// Every route is its own chunk: the landing page downloads only what it shows.
const LandingPage = lazy(() => import('../pages/LandingPage'));
const PricingPage = lazy(() => import('../pages/PricingPage'));
const MembershipPage = lazy(() => import('../pages/MembershipPage'));
const ContactPage = lazy(() => import('../pages/ContactPage'));
const TermsPage = lazy(() => import('../pages/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/PrivacyPage'));
const ChatPage = lazy(() => import('../pages/ChatPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const CreateCharacterPage = lazy(() => import('../pages/CreateCharacterPage'));
const EditCharacterPage = lazy(() => import('../pages/EditCharacterPage'));
const CharacterSettingsPage = lazy(() => import('../pages/CharacterSettingsPage'));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AgeGate>
        <AuthDialogProvider>
          <Suspense fallback={<PageLoader />}>
            <Switch>
              <Route path="/" component={LandingPage} />
              <Route path="/pricing" component={PricingPage} />
              <Route path="/membership" component={MembershipPage} />
              <Route path="/contact" component={ContactPage} />
              <Route path="/terms-and-conditions" component={TermsPage} />
              <Route path="/privacy-policy" component={PrivacyPage} />
              <Route path="/chat/:conversationId?" component={ChatPage} />
              <Route path="/create" component={CreateCharacterPage} />
              <Route path="/edit/:characterId" component={EditCharacterPage} />
              <Route path="/settings/:characterId" component={CharacterSettingsPage} />
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
