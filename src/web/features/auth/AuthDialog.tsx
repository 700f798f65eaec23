import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { readBrand } from '../../lib/brand';
import type { AuthTab } from './auth-tabs';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

const TAB_CLASS =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-muted data-[state=active]:bg-accent-strong data-[state=active]:text-on-accent max-sm:min-h-11';

/**
 * The sign-in dialog: Sign In and Sign Up tabs (SignInForm.tsx, SignUpForm.tsx), loaded on the
 * first press of a sign-in button, not with the page.
 */
export default function AuthDialog({
  initialTab,
  email,
  codeStep = false,
  onClose,
}: {
  initialTab: AuthTab;
  /** The sign-in form's address, filled in (the password field then has the focus). */
  email?: string;
  /** Starts at the two-factor code step: the password (or Google) was already accepted. */
  codeStep?: boolean;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Welcome to ${readBrand().name} AI`}
      description="Your companions are waiting. Sign in or create an account to continue."
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
        <Tabs.List className="flex gap-1 rounded-lg bg-main p-1" aria-label="Sign in or sign up">
          <Tabs.Trigger value="signin" className={TAB_CLASS}>
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger value="signup" className={TAB_CLASS}>
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="signin" className="mt-4">
          <SignInForm email={email} codeStep={codeStep} onDone={onClose} />
        </Tabs.Content>
        <Tabs.Content value="signup" className="mt-4">
          <SignUpForm onDone={onClose} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
