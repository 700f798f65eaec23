import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/auth/contract';
import { RedirectNotices } from '../../src/web/app/RedirectNotices';
import { Toaster } from '../../src/web/components/ui/toast';
import { AuthDialogProvider } from '../../src/web/features/auth/auth-dialog-context';
import { SLOW_SESSION_READ_MS } from '../../src/web/features/auth/read-new-session';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';
import { signInDialogWith } from './sign-in-dialog';

/**
 * Issue 48: signing in to an account with two-factor on. The password is right, then the dialog
 * asks for the code from the authenticator app (or a backup code) before anyone is signed in.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
});
afterAll(() => api.close());
afterEach(() => vi.useRealTimers());

const ADA = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  emailVerified: true,
  twoFactorEnabled: true,
};
let signedIn = false;

beforeEach(() => {
  api.reset();
  queryClient.clear();
  signedIn = false;
  window.history.replaceState(null, '', '/');
  api.on('GET /api/auth-config', (_req, _body, res) =>
    json(res, 200, { google: false, googleProviderId: 'google' }),
  );
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, signedIn ? { user: ADA, session: { id: 's1' } } : null),
  );
  api.on('POST /api/auth/sign-in/email', (_req, _body, res) =>
    json(res, 200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
  );
});

/** Opens the dialog and gives the right password: the code step is next. */
async function passwordAccepted() {
  const form = await signInDialogWith(ADA.email, 'moonlit garden');
  fireEvent.click(form.getByRole('button', { name: 'Sign In' }));
  return (await screen.findByLabelText('Code from your authenticator app')) as HTMLInputElement;
}

const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

describe('signing in with two-factor on', () => {
  it('asks for the code, says when it is wrong, and signs in with the right one', async () => {
    api.on('POST /api/auth/two-factor/verify-totp', (_req, body, res) => {
      if ((body as { code: string }).code !== '246810') {
        return json(res, 401, { code: 'INVALID_CODE', message: AUTH_MESSAGES.twoFactorWrongCode });
      }
      signedIn = true;
      json(res, 200, { user: ADA });
    });
    const code = await passwordAccepted();
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.queryByText('Welcome back!')).toBeNull();

    fireEvent.change(code, { target: { value: '111111' } });
    verify();
    expect(await screen.findByText(AUTH_MESSAGES.twoFactorWrongCode)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(code, { target: { value: '246 810' } });
    verify();
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
    const sent = api.requests.filter((r) => r.path === '/api/auth/two-factor/verify-totp');
    expect(sent.map((r) => r.body)).toEqual([{ code: '111111' }, { code: '246810' }]);
  });

  it('stays busy after the right code until the session is read: a second Verify sends nothing', async () => {
    api.on('POST /api/auth/two-factor/verify-totp', (_req, _body, res) => {
      signedIn = true;
      json(res, 200, { user: ADA });
    });
    const held: ServerResponse[] = [];
    api.on('GET /api/auth/get-session', (_req, _body, res) => {
      if (!signedIn) return json(res, 200, null);
      held.push(res);
    });
    const code = await passwordAccepted();
    fireEvent.change(code, { target: { value: '246810' } });
    verify();
    await waitFor(() => expect(held.length).toBeGreaterThan(0));
    const button = screen.getByRole('button', { name: 'Checking...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    fireEvent.submit(code.form!);

    for (const res of held) json(res, 200, { user: ADA, session: { id: 's1' } });
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    const sent = api.requests.filter((r) => r.path === '/api/auth/two-factor/verify-totp');
    expect(sent).toHaveLength(1);
  });

  it('says so when the session is slow to come after the right code, and offers a reload', async () => {
    // Time runs as usual (the stand-in answers), and can be moved on past the wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    api.on('POST /api/auth/two-factor/verify-totp', (_req, _body, res) => {
      signedIn = true;
      json(res, 200, { user: ADA });
    });
    const held: ServerResponse[] = [];
    api.on('GET /api/auth/get-session', (_req, _body, res) => {
      if (!signedIn) return json(res, 200, null);
      held.push(res);
    });
    const code = await passwordAccepted();
    fireEvent.change(code, { target: { value: '246810' } });
    verify();
    await waitFor(() => expect(held.length).toBeGreaterThan(0));
    act(() => vi.advanceTimersByTime(SLOW_SESSION_READ_MS - 1000));
    expect(screen.queryByText('Still signing you in')).toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    const notice = (await screen.findByText('Still signing you in')).closest('[data-toast-id]');
    expect(notice?.textContent).toContain('Loading your account is taking longer than usual.');
    expect(within(notice as HTMLElement).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeTruthy();

    for (const res of held) json(res, 200, { user: ADA, session: { id: 's1' } });
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.queryByText('Still signing you in')).toBeNull();
  });

  it('sends a code once when Enter is pressed twice before the screen has changed', async () => {
    api.on('POST /api/auth/two-factor/verify-totp', (_req, _body, res) => {
      signedIn = true;
      json(res, 200, { user: ADA });
    });
    const code = await passwordAccepted();
    fireEvent.change(code, { target: { value: '246810' } });
    // Two Enters in one moment: the second comes before the form has redrawn as busy.
    fireEvent.submit(code.form!);
    fireEvent.submit(code.form!);
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    const sent = api.requests.filter((r) => r.path === '/api/auth/two-factor/verify-totp');
    expect(sent).toHaveLength(1);
  });

  it('takes a backup code instead', async () => {
    api.on('POST /api/auth/two-factor/verify-backup-code', (_req, _body, res) => {
      signedIn = true;
      json(res, 200, { user: ADA });
    });
    await passwordAccepted();
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    const backup = screen.getByLabelText('Backup code');
    await waitFor(() => expect(document.activeElement).toBe(backup));
    fireEvent.change(backup, { target: { value: '12345' } });
    verify();
    expect(await screen.findByText('Enter a backup code like abcde-12345.')).toBeTruthy();
    fireEvent.change(backup, { target: { value: 'abcde-12345' } });
    verify();
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    const sent = api.requests.find((r) => r.path === '/api/auth/two-factor/verify-backup-code');
    expect(sent?.body).toEqual({ code: 'abcde-12345' });
  });

  it('after too long, goes back to the password with the reason', async () => {
    api.on('POST /api/auth/two-factor/verify-totp', (_req, _body, res) =>
      json(res, 401, {
        code: 'INVALID_TWO_FACTOR_COOKIE',
        message: AUTH_MESSAGES.twoFactorTimedOut,
      }),
    );
    const code = await passwordAccepted();
    fireEvent.change(code, { target: { value: '123456' } });
    verify();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.twoFactorTimedOut);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
  });

  it('Back returns to the password step', async () => {
    await passwordAccepted();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a suspended account is told so', async () => {
    api.on('POST /api/auth/sign-in/email', (_req, _body, res) =>
      json(res, 403, { code: 'ACCOUNT_SUSPENDED', message: AUTH_MESSAGES.suspended }),
    );
    const form = await signInDialogWith(ADA.email, 'moonlit garden');
    fireEvent.click(form.getByRole('button', { name: 'Sign In' }));
    expect((await form.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.suspended);
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
  });

  it('after Google, the landing page opens the dialog at the code step', async () => {
    api.on('POST /api/auth/two-factor/verify-totp', (_req, _body, res) => {
      signedIn = true;
      json(res, 200, { user: ADA });
    });
    window.history.replaceState(null, '', '/?twoFactor=1');
    render(
      <QueryClientProvider client={queryClient}>
        <AuthDialogProvider>
          <RedirectNotices startSearch="?twoFactor=1" />
        </AuthDialogProvider>
        <Toaster />
      </QueryClientProvider>,
    );
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(window.location.search).toBe('');
    fireEvent.change(code, { target: { value: '975310' } });
    verify();
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
  });
});
