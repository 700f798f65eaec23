import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Toaster } from '../../src/web/components/ui/toast';
import { AuthDialogProvider, useAuthDialog } from '../../src/web/features/auth/auth-dialog-context';
import { useSession } from '../../src/web/features/auth/session';
import { queryClient } from '../../src/web/lib/query-client';

/** Opens the sign-in dialog as soon as it renders, as 'Sign in' on a page would. */
function OpenSignIn() {
  const dialog = useAuthDialog();
  useEffect(() => dialog.open('signin'), [dialog]);
  return null;
}

/** Reads the session, as every page's header does: a sign-in's refresh waits for its answer. */
function SessionReader() {
  useSession();
  return null;
}

/**
 * The sign-in dialog as a page opens it, with the app's own query client (the sign-in refreshes
 * the session there) and its toasts; the address and password typed in. Returns the dialog.
 */
export async function signInDialogWith(email: string, password: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>
        <OpenSignIn />
      </AuthDialogProvider>
      <SessionReader />
      <Toaster />
    </QueryClientProvider>,
  );
  const form = within(await screen.findByRole('dialog', { name: 'Welcome to Reverie AI' }));
  fireEvent.change(form.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(form.getByLabelText('Password'), { target: { value: password } });
  return form;
}
