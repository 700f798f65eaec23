import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { Button } from '../components/ui/button';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { useSession } from '../features/auth/session';
import { usePageTitle } from '../lib/use-page-title';
import { Membership, Loading } from '../features/billing/Membership';

/** Route /membership — the signed-in user's plan, its status and the way to manage it. */
export default function MembershipPage() {
  usePageTitle('Membership');
  const { user, isLoading } = useSession();
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16" aria-labelledby="membership-title">
        <h1 id="membership-title" className="text-3xl font-extrabold sm:text-4xl">
          Membership
        </h1>
        {isLoading ? <Loading /> : user ? <Membership /> : <SignedOut />}
      </section>
    </MarketingLayout>
  );
}

function SignedOut() {
  const authDialog = useAuthDialog();
  return (
    <div className="mt-8 rounded-2xl border border-border bg-surface p-6">
      <p>Please sign in to view your membership.</p>
      <Button className="mt-4" onClick={() => authDialog.open('signin')}>
        Sign in
      </Button>
    </div>
  );
}
