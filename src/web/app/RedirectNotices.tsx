import { useEffect } from 'react';
import { toast } from '../components/ui/toast';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { RESET_PASSWORD_PAGE } from '../../shared/account/rules';
import { NOTE_PARAMS } from './redirect-note-params';
import { AUTH_MESSAGES, EMAIL_IN_USE } from '../../shared/auth/contract';

/**
 * Reads the notes the server leaves in the URL after a redirect (e-mail verification, Google
 * sign-in failure), tells the user, and cleans the address bar.
 */
export function RedirectNotices() {
  const authDialog = useAuthDialog();
  useEffect(() => {
    const url = new URL(window.location.href);
    // The reset page reads its own ?token= or ?error= (a used or expired link).
    if (url.pathname === RESET_PASSWORD_PAGE) return;
    const params = url.searchParams;
    const verified = params.get('verified');
    const emailChanged = params.get('emailChanged');
    const error = params.get('error');
    const authError = params.get('authError');
    if (!NOTE_PARAMS.some((name) => params.get(name))) return;

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
      toast({
        title: 'Email verified',
        description: 'Your account is ready. Sign in to continue.',
      });
      authDialog.open('signin');
    } else if (verified && error) {
      toast({
        title: 'Verification failed',
        description:
          'This verification link is invalid or has expired. Sign in to request a new one.',
        variant: 'destructive',
      });
      authDialog.open('signin');
    } else if (authError || error) {
      toast({
        title: 'Authentication Error',
        description: 'Failed to sign in with Google.',
        variant: 'destructive',
      });
    }
    for (const key of [...NOTE_PARAMS, 'error_description']) {
      params.delete(key);
    }
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [authDialog]);
  return null;
}
