import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from './auth-dialog-context';

/** 'Authentication Required' for a signed-out visitor on a signed-in-only screen. */
export function SignInPrompt({
  message,
  openDialog = false,
}: {
  message: string;
  /** Opens the sign-in dialog straight away (the chat screen does). */
  openDialog?: boolean;
}) {
  const authDialog = useAuthDialog();
  useEffect(() => {
    if (openDialog) authDialog.open('signin');
  }, [openDialog, authDialog]);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center">
        <Lock className="mx-auto size-10 text-accent" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Authentication Required</h1>
        <p className="mt-2 text-muted">{message}</p>
        <Button className="mt-6" onClick={() => authDialog.open('signin')}>
          Sign in
        </Button>
      </div>
    </main>
  );
}
