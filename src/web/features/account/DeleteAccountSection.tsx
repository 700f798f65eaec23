import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Section } from './Section';

// The confirmation loads when it opens (Radix Dialog stays out of the page's first load).
const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog'));

/** 'Delete my account', behind a confirmation that takes the password (or the e-mail). */
export function DeleteAccountSection({
  email,
  hasPassword,
}: {
  email: string;
  hasPassword: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Section
      id="account-delete"
      title="Delete my account"
      danger
      description="Deletes your characters, avatars, conversations, messages, memories, themes and profile, and signs you out everywhere. A paid subscription ends at once, without a refund. This cannot be undone."
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            email={email}
            hasPassword={hasPassword}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Section>
  );
}
