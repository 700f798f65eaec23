import { Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useAuthDialog } from '../../auth/auth-dialog-context';

/** Shown on signed-in-only screens to a signed-out visitor. */
export function SignInPrompt({ what }: { what: string }) {
  const authDialog = useAuthDialog();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center">
        <Lock className="mx-auto size-10 text-accent" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Authentication Required</h1>
        <p className="mt-2 text-muted">Please sign in to {what}.</p>
        <Button className="mt-6" onClick={() => authDialog.open('signin')}>
          Sign in
        </Button>
      </div>
    </main>
  );
}
