import { dismissToast, toast } from '../../components/ui/toast';
import { refreshSession } from './session';

/**
 * How long a sign-in waits on reading the new session before it tells the user and offers a
 * reload: the answer normally takes well under a second.
 */
export const SLOW_SESSION_READ_MS = 8000;

/**
 * The last step of a sign-in, or of turning two-factor on or off: the server took it and set the
 * cookie, only the session's read is left. A server that does not answer it would leave the
 * button busy with no word; after a while the user is told (`title`: what is under way), and a
 * reload, signed in by the cookie, is one press away. The notice goes when the session comes.
 */
export async function readNewSession(reload: () => void, title = 'Still signing you in') {
  let notice: number | undefined;
  const slow = setTimeout(() => {
    notice = toast({
      title,
      description: 'Loading your account is taking longer than usual.',
      action: { label: 'Reload', onClick: reload },
    });
  }, SLOW_SESSION_READ_MS);
  try {
    await refreshSession();
  } finally {
    clearTimeout(slow);
    if (notice !== undefined) dismissToast(notice);
  }
}
