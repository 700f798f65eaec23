import { PageLoader } from '../../app/PageLoader';
import { preloadable } from '../../lib/preloadable';

// A signed-in reader never sees it: fetched when the session says nobody is signed in.
const SignInPrompt = preloadable(() => import('../auth/SignInPrompt').then((m) => m.SignInPrompt));

/** /chat signed out: the sign-in prompt, its dialog open. */
export function ChatSignedOut() {
  // The loader stays until the prompt is here: no Suspense, so no reveal held back 300 ms.
  if (!SignInPrompt.useReady()) return <PageLoader />;
  return <SignInPrompt message="Please sign in to access your AI companions" openDialog />;
}
