import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/account/contract';
import { AUTH_MESSAGES } from '../../src/shared/auth/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import { TwoFactorSection } from '../../src/web/features/account/TwoFactorSection';
import { SLOW_SESSION_READ_MS } from '../../src/web/features/auth/read-new-session';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';

/**
 * Issue 48: two-factor authentication on the Account page. Set up shows the QR code, the key to
 * type and the backup codes, and the first code turns it on; once on, it can be turned off.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
});
afterAll(() => api.close());
afterEach(() => {
  vi.useRealTimers();
});

const SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
const TOTP_URI = `otpauth://totp/Reverie:ada%40example.com?secret=${SECRET}&issuer=Reverie&digits=6&period=30`;
const BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

let twoFactorEnabled = false;

beforeEach(() => {
  api.reset();
  queryClient.clear();
  twoFactorEnabled = false;
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, {
      user: {
        id: 'u1',
        email: 'ada@example.com',
        name: 'Ada',
        emailVerified: true,
        twoFactorEnabled,
      },
      session: { id: 's1' },
    }),
  );
  api.on('GET /api/auth/list-sessions', (_req, _body, res) => json(res, 200, []));
  api.on('POST /api/auth/two-factor/enable', (_req, _body, res) =>
    json(res, 200, { totpURI: TOTP_URI, backupCodes: BACKUP_CODES }),
  );
});

function renderSection(hasPassword: boolean) {
  render(
    <QueryClientProvider client={queryClient}>
      <TwoFactorSection hasPassword={hasPassword} />
      <Toaster />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Two-factor authentication' });
}

describe('setting up two-factor authentication', () => {
  it('asks for the password, shows the QR code, key and backup codes, and turns on with a code', async () => {
    api.on('POST /api/auth/two-factor/verify-totp', (_req, body, res) => {
      if ((body as { code: string }).code !== '135790') {
        return json(res, 401, { code: 'INVALID_CODE', message: AUTH_MESSAGES.twoFactorWrongCode });
      }
      twoFactorEnabled = true;
      json(res, 200, { token: 't' });
    });
    const section = within(renderSection(true));
    expect(section.getByText('Off')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Set up' }));
    fireEvent.change(section.getByLabelText('Your password'), {
      target: { value: 'moonlit garden' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Continue' }));

    const qr = await section.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(section.getByTestId('two-factor-secret').textContent).toBe(
      'KVKF KRCP NZQU YMLX OVYD SQKJ KZDT SRLD',
    );
    expect(section.getByRole('link', { name: 'Open in your authenticator app' })).toHaveProperty(
      'href',
      TOTP_URI,
    );
    const codes = within(section.getByRole('list', { name: 'Backup codes' })).getAllByRole(
      'listitem',
    );
    expect(codes.map((c) => c.textContent)).toEqual(BACKUP_CODES);
    expect(api.requests.find((r) => r.path === '/api/auth/two-factor/enable')?.body).toEqual({
      password: 'moonlit garden',
    });

    fireEvent.click(section.getByRole('button', { name: 'I have saved them' }));
    const code = section.getByLabelText('Code from your authenticator app');
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByText(AUTH_MESSAGES.twoFactorWrongCode)).toBeTruthy();

    fireEvent.change(code, { target: { value: '135790' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeTruthy();
    expect(await section.findByText('On')).toBeTruthy();
    expect(section.queryByRole('img')).toBeNull();
  });

  it('says so when the account is slow to come after the code, and offers a reload', async () => {
    // Time runs as usual (the stand-in answers), and can be moved on past the wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    api.on('POST /api/auth/two-factor/verify-totp', (_req, _body, res) => {
      twoFactorEnabled = true;
      json(res, 200, { token: 't' });
    });
    const held: ServerResponse[] = [];
    const user = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true };
    api.on('GET /api/auth/get-session', (_req, _body, res) => {
      if (!twoFactorEnabled) {
        return json(res, 200, { user: { ...user, twoFactorEnabled }, session: { id: 's1' } });
      }
      held.push(res);
    });
    const section = within(renderSection(false));
    fireEvent.click(await section.findByRole('button', { name: 'Set up' }));
    fireEvent.click(await section.findByRole('button', { name: 'I have saved them' }));
    fireEvent.change(section.getByLabelText('Code from your authenticator app'), {
      target: { value: '135790' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(held.length).toBeGreaterThan(0));
    act(() => vi.advanceTimersByTime(SLOW_SESSION_READ_MS - 1000));
    expect(screen.queryByText('Turning two-factor on')).toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    const notice = (await screen.findByText('Turning two-factor on')).closest('[data-toast-id]');
    expect(notice?.textContent).toContain('Loading your account is taking longer than usual.');
    expect(within(notice as HTMLElement).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(section.getByRole('button', { name: 'Checking...' })).toBeTruthy();

    for (const res of held) {
      json(res, 200, { user: { ...user, twoFactorEnabled }, session: { id: 's1' } });
    }
    expect(await screen.findByText('Two-factor authentication is on')).toBeTruthy();
    expect(await section.findByText('On')).toBeTruthy();
    expect(screen.queryByText('Turning two-factor on')).toBeNull();
  });

  it('without a password (Google only), starts at once', async () => {
    const section = within(renderSection(false));
    fireEvent.click(section.getByRole('button', { name: 'Set up' }));
    expect(await section.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/auth/two-factor/enable')?.body).toEqual({});
  });
});

describe('with two-factor on', () => {
  beforeEach(() => {
    twoFactorEnabled = true;
  });

  it('turns off with the password; a wrong one is said under the field', async () => {
    api.on('POST /api/auth/two-factor/disable', (_req, body, res) => {
      if ((body as { password: string }).password !== 'moonlit garden') {
        return json(res, 400, {
          code: 'INVALID_PASSWORD',
          message: ACCOUNT_MESSAGES.wrongPassword,
        });
      }
      twoFactorEnabled = false;
      json(res, 200, { status: true });
    });
    const section = within(renderSection(true));
    fireEvent.click(await section.findByRole('button', { name: 'Turn off' }));
    const password = section.getByLabelText('Your password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn off' }));
    expect(await section.findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeTruthy();
    fireEvent.change(password, { target: { value: 'moonlit garden' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off')).toBeTruthy();
    expect(await section.findByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('makes new backup codes with a current code when there is no password', async () => {
    const fresh = Array.from({ length: 10 }, (_, i) => `new0${i}-codes`);
    api.on('POST /api/auth/two-factor/generate-backup-codes', (_req, _body, res) =>
      json(res, 200, { status: true, backupCodes: fresh }),
    );
    const section = within(renderSection(false));
    fireEvent.click(await section.findByRole('button', { name: 'New backup codes' }));
    fireEvent.change(section.getByLabelText('Code from your authenticator app'), {
      target: { value: '864 201' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Make new backup codes' }));
    const list = await section.findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(fresh);
    const sent = api.requests.find((r) => r.path === '/api/auth/two-factor/generate-backup-codes');
    expect(sent?.body).toEqual({ code: '864201' });
  });
});
