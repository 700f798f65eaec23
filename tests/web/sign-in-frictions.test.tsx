import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { useEffect, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedirectNotices } from '../../src/web/app/RedirectNotices';
import { Toaster } from '../../src/web/components/ui/toast';
import { ResetPasswordForm } from '../../src/web/features/account/ResetPasswordForm';
import { AuthDialogProvider, useAuthDialog } from '../../src/web/features/auth/auth-dialog-context';
import { useSession } from '../../src/web/features/auth/session';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';

/**
 * Issue 45, the sign-in frictions: signing in from a public page lands in the app (a page that
 * asked for the sign-in stays); the verification link's note does not ask a signed-in user to sign
 * in; after a password reset the sign-in form has the address filled in and the password field
 * has the focus.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  queryClient.clear();
  api.on('GET /api/auth-config', (_req, _body, res) =>
    json(res, 200, { google: false, googleProviderId: 'google' }),
  );
});
afterEach(cleanup);

const ADA = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true };

function signedIn(yes: boolean) {
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, yes ? { user: ADA, session: { id: 's1' } } : null),
  );
}

function renderApp(children: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Opens the sign-in dialog as soon as it renders, as 'Sign in' on a page would. */
function OpenSignIn() {
  const dialog = useAuthDialog();
  useEffect(() => dialog.open('signin'), [dialog]);
  return null;
}

const dialog = () => screen.findByRole('dialog', { name: 'Welcome to Reverie AI' });

async function signInFrom(path: string) {
  window.history.replaceState(null, '', path);
  signedIn(false);
  api.on('POST /api/auth/sign-in/email', (_req, _body, res) => {
    signedIn(true);
    json(res, 200, { user: ADA });
  });
  renderApp(<OpenSignIn />);
  const form = within(await dialog());
  fireEvent.change(form.getByLabelText('Email'), { target: { value: ADA.email } });
  fireEvent.change(form.getByLabelText('Password'), { target: { value: 'moonlit garden' } });
  fireEvent.click(form.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByText('Welcome back!')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('signing in with e-mail and password', () => {
  it('from the landing page, lands in the app', async () => {
    await signInFrom('/');
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
  });

  it('from another public page, lands in the app', async () => {
    await signInFrom('/pricing');
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
  });

  it('from a page that asked for it, stays there', async () => {
    for (const path of ['/membership', '/account', '/chat/12?character=3']) {
      await signInFrom(path);
      expect(window.location.pathname + window.location.search).toBe(path);
      cleanup();
    }
  });
});

describe('the verification link’s note', () => {
  async function arrive(search: string, signedInNow: boolean) {
    window.history.replaceState(null, '', `/chat${search}`);
    signedIn(signedInNow);
    renderApp(<RedirectNotices startSearch={search} />);
  }

  it('signed in by the link: the account is ready, no sign-in asked, the address cleaned', async () => {
    await arrive('?verified=1', true);
    expect(await screen.findByText('Email verified')).toBeTruthy();
    expect(screen.getByText('Your account is ready.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/chat');
  });

  it('opened in another browser: the account is ready, and the sign-in dialog opens', async () => {
    await arrive('?verified=1', false);
    expect(await screen.findByText('Your account is ready. Sign in to continue.')).toBeTruthy();
    expect(await dialog()).toBeTruthy();
  });

  it('a used or expired link says so and offers sign-in', async () => {
    await arrive('?verified=1&error=INVALID_TOKEN', false);
    expect(await screen.findByText('Verification failed')).toBeTruthy();
    expect(
      screen.getByText(
        'This verification link is invalid or has expired. Sign in to request a new one.',
      ),
    ).toBeTruthy();
    expect(await dialog()).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('is told from the address the app started at, after the page has moved on', async () => {
    window.history.replaceState(null, '', '/chat?character=4');
    signedIn(true);
    renderApp(<RedirectNotices startSearch="?verified=1" />);
    expect(await screen.findByText('Your account is ready.')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/chat?character=4');
  });
});

/** Types the new password twice on the reset form and sends it. */
function setNewPassword(password: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('after a password reset', () => {
  it('opens the sign-in form with the address filled in and the password field focused', async () => {
    window.history.replaceState(null, '', '/reset-password?token=abc');
    signedIn(false);
    api.on('POST /api/auth/reset-password', (_req, _body, res) =>
      json(res, 200, { status: true, email: 'ada@example.com' }),
    );
    renderApp(<ResetPasswordForm token="abc" />);
    setNewPassword('copper kettle midnight sonata');
    expect(await screen.findByText('Password changed')).toBeTruthy();
    const form = within(await dialog());
    expect((form.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Password')));
    expect(window.location.pathname).toBe('/');
    const sent = api.requests.find((r) => r.path === '/api/auth/reset-password');
    expect(sent?.body).toEqual({ newPassword: 'copper kettle midnight sonata', token: 'abc' });
  });

  it('opened signed in, does not wait on the session the reset ended', async () => {
    window.history.replaceState(null, '', '/reset-password?token=abc');
    let reset = false;
    const held: ServerResponse[] = [];
    api.on('GET /api/auth/get-session', (_req, _body, res) => {
      if (reset) held.push(res);
      else json(res, 200, { user: ADA, session: { id: 's1' } });
    });
    api.on('POST /api/auth/reset-password', (_req, _body, res) => {
      reset = true;
      json(res, 200, { status: true, email: 'ada@example.com' });
    });
    renderApp(
      <>
        <ShowsWhoIsSignedIn />
        <ResetPasswordForm token="abc" />
      </>,
    );
    expect(await screen.findByText('Signed in as Ada')).toBeTruthy();
    setNewPassword('copper kettle midnight sonata');
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(await screen.findByText('Signed out')).toBeTruthy();
    const form = within(await dialog());
    expect((form.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    for (const res of held) json(res, 200, null);
  });
});

/** The app's header, as far as this needs: it keeps the session read, as the app does. */
function ShowsWhoIsSignedIn() {
  const { user } = useSession();
  return <p>{user ? `Signed in as ${user.name}` : 'Signed out'}</p>;
}
