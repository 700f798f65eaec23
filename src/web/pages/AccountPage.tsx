import { Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { SignInPrompt } from '../features/auth/SignInPrompt';
import { useSession } from '../features/auth/session';
import { useAccount } from '../features/account/account-api';
import { DataSection } from '../features/account/DataSection';
import { DeleteAccountSection } from '../features/account/DeleteAccountSection';
import { DevicesSection } from '../features/account/DevicesSection';
import { EmailSection } from '../features/account/EmailSection';
import { PasswordSection } from '../features/account/PasswordSection';
import { Section } from '../features/account/Section';
import { TwoFactorSection } from '../features/account/TwoFactorSection';
import { ReportsSection } from '../features/reports/ReportsSection';
import { usePageTitle } from '../lib/use-page-title';

// Its own chunk: what it brings (the push subscription, its switches) is listed in every page's
// first download otherwise (the entry names each page's files).
const NotificationsSection = lazy(() =>
  import('../features/account/NotificationsSection').then((m) => ({
    default: m.NotificationsSection,
  })),
);

/**
 * Route /account — sign-in details, devices, notifications, the data export and account deletion.
 */
export default function AccountPage() {
  usePageTitle('Account');
  const { user, isLoading } = useSession();
  if (!isLoading && !user) return <SignInPrompt message="Please sign in to see your account." />;
  return (
    <MarketingLayout>
      {/* At least a screen tall: the sections arrive after the page, and the footer must not be
          seen jumping down when they do (it starts below the fold; issue 45, CLS). */}
      <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-2xl space-y-6 px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Account</h1>
        {user && <AccountSections />}
      </div>
    </MarketingLayout>
  );
}

function AccountSections() {
  const account = useAccount();
  if (account.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your account...
      </p>
    );
  }
  if (account.isError) {
    return <p className="text-muted">Could not load your account. Reload the page to try again.</p>;
  }
  const a = account.data;
  return (
    <>
      <EmailSection email={a.email} hasPassword={a.hasPassword} />
      <PasswordSection hasPassword={a.hasPassword} email={a.email} name={a.name} />
      <TwoFactorSection hasPassword={a.hasPassword} />
      <DevicesSection />
      <Suspense fallback={null}>
        <NotificationsSection />
      </Suspense>
      <Section id="account-linked" title="Linked accounts">
        <p className="text-sm">
          Google: <strong>{a.google ? 'linked' : 'not linked'}</strong>
          {a.google ? '. You can sign in with Google.' : '.'}
        </p>
      </Section>
      <ReportsSection />
      <DataSection />
      <DeleteAccountSection email={a.email} hasPassword={a.hasPassword} />
    </>
  );
}
