import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { PageLoader } from '../app/PageLoader';
import { Button } from '../components/ui/button';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { useSession } from '../features/auth/session';
import { DashboardShell, DashboardWelcome } from '../features/dashboard/DashboardShell';
import { useProfile } from '../features/profile/profile-api';
import { usePageTitle } from '../lib/use-page-title';

export default function ChatPage() {
  usePageTitle('Chat');
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (!user) return <AuthenticationRequired />;
  return (
    <DashboardShell user={user}>
      <Welcome fallbackName={user.name || user.email.split('@')[0] || 'there'} />
    </DashboardShell>
  );
}

function Welcome({ fallbackName }: { fallbackName: string }) {
  const profile = useProfile(true);
  return <DashboardWelcome name={profile.data?.name || fallbackName} />;
}

function AuthenticationRequired() {
  const authDialog = useAuthDialog();
  useEffect(() => authDialog.open('signin'), [authDialog]);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center">
        <Lock className="mx-auto size-10 text-accent" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Authentication Required</h1>
        <p className="mt-2 text-muted">Please sign in to access your AI companions</p>
        <Button className="mt-6" onClick={() => authDialog.open('signin')}>
          Sign in
        </Button>
      </div>
    </main>
  );
}
