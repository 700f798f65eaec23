import { useEffect, useRef } from 'react';
import { toast } from '../components/ui/toast';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { useSession } from '../features/auth/session';
import { RESET_PASSWORD_PAGE } from '../../shared/account/rules';
import { NOTE_PARAMS } from './redirect-note-params';
import { AUTH_MESSAGES, EMAIL_IN_USE } from '../../shared/auth/contract';

/**
 * Reads the notes the server leaves in the URL after a redirect (e-mail verification, a changed
 * address, Google sign-in failure), tells the user once the session is known (a verified link
 * signs its browser in: no sign-in dialog then), and cleans the address bar. `startSearch` is the
 * query the app started with: the page may have moved on by the time the session is known.
 */
export function RedirectNotices({ startSearch }: { startSearch: string }) {
  const authDialog = useAuthDialog();
  const { user, isLoading } = useSession();
  const told = useRef(false);
  useEffect(() => {
    if (isLoading || told.current) return;
    told.current = true;
    const url = new URL(window.location.href);
    // The reset page reads its own ?token= or ?error= (a used or expired link).
    if (url.pathname === RESET_PASSWORD_PAGE) return;
    const params = new URLSearchParams(startSearch);
    if (!NOTE_PARAMS.some((name) => params.get(name))) return;
    // Google (or a change-of-address link) accepted, two-factor on: the code finishes the sign-in.
    if (params.get('twoFactor') && !user) authDialog.open('signin', { codeStep: true });
    else tell(params, user !== null, () => authDialog.open('signin'));
    for (const key of [...NOTE_PARAMS, 'error_description']) url.searchParams.delete(key);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [authDialog, isLoading, startSearch, user]);
  return null;
}

function tell(params: URLSearchParams, signedIn: boolean, openSignIn: () => void) {
  const verified = params.get('verified');
  const emailChanged = params.get('emailChanged');
  const error = params.get('error');
  const authError = params.get('authError');
  if (emailChanged && !error) {
    toast({ title: 'Email changed', description: 'Your account now uses its new address.' });
  } else if (emailChanged && error === EMAIL_IN_USE) {
    // Another account took the new address after the link was mailed: the account keeps its
    // address, and a change to another one can be asked for on the Account page.
    toast({
      title: 'Email not changed',
      description: `${AUTH_MESSAGES.emailInUse} Your account keeps its address; choose another one.`,
      variant: 'destructive',
    });
  } else if (emailChanged && error) {
    toast({
      title: 'Email not changed',
      description: 'This confirmation link is invalid or has expired. Ask for a new one.',
      variant: 'destructive',
    });
  } else if (verified && !error) {
    // Signed in by the link in the browser that signed up; elsewhere, the password signs in.
    toast({
      title: 'Email verified',
      description: signedIn
        ? 'Your account is ready.'
        : 'Your account is ready. Sign in to continue.',
    });
    if (!signedIn) openSignIn();
  } else if (verified && error) {
    toast({
      title: 'Verification failed',
      description: signedIn
        ? 'This verification link is invalid or has expired.'
        : 'This verification link is invalid or has expired. Sign in to request a new one.',
      variant: 'destructive',
    });
    if (!signedIn) openSignIn();
  } else if (authError || error) {
    toast({
      title: 'Authentication Error',
      description: 'Failed to sign in with Google.',
      variant: 'destructive',
    });
  }
}
