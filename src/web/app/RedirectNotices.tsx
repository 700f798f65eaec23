import { useEffect } from 'react';
import { toast } from '../components/ui/toast';
import { useAuthDialog } from '../features/auth/auth-dialog-context';

/**
 * Reads the notes the server leaves in the URL after a redirect (e-mail verification, Google
 * sign-in failure), tells the user, and cleans the address bar.
 */
export function RedirectNotices() {
  const authDialog = useAuthDialog();
  useEffect(() => {
    const url = new URL(window.location.href);
    const params = url.searchParams;
    const verified = params.get('verified');
    const error = params.get('error');
    const authError = params.get('authError');
    if (!verified && !authError && !error) return;

    if (verified && !error) {
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
    for (const key of ['verified', 'error', 'authError', 'error_description']) params.delete(key);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [authDialog]);
  return null;
}
