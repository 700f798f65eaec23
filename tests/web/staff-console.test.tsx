import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserPage, UserSummary } from '../../src/shared/staff/contract';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';
import { renderConsoleAt as renderAt } from './staff-console-render';

/**
 * Issue 48: the staff console at /admin. The server decides who sees it (404 to anyone not staff,
 * 403 to staff without two-factor); staff find an account, give it credits with a reason and
 * suspend it, and the account's page shows what changed.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
  // The sections are chunks of their own, fetched when one opens: here once, before the tests.
  await import('../../src/web/features/staff/users/UsersSection');
});
afterAll(() => api.close());

const ADMIN = {
  id: 'staff1',
  email: 'grace@example.com',
  name: 'Grace',
  emailVerified: true,
  role: 'admin',
  twoFactorEnabled: true,
};
const ADA: UserSummary = {
  id: 'u-ada',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user',
  plan: 'free',
  createdAt: '2026-03-02T12:00:00.000Z',
  suspended: false,
};
let ada: UserPage;

beforeEach(() => {
  api.reset();
  queryClient.clear();
  ada = {
    ...ADA,
    emailVerified: true,
    twoFactorEnabled: false,
    lastActiveAt: '2026-11-20T12:00:00.000Z',
    suspensionReason: null,
    plan: { id: 'free', renewsAt: null, nextResetAt: '2026-12-02T12:00:00.000Z' },
    credits: { left: 12, grants: [], repliesPerDay: [{ day: '2026-11-20', replies: 4 }] },
    counts: { characters: 2, conversations: 3, messages: 40 },
    sessions: [],
  };
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, { user: ADMIN, session: { id: 's1' } }),
  );
  api.on('GET /api/admin/users', (req, _body, res) => {
    const query = new URL(req.url!, 'http://x').searchParams.get('query') ?? '';
    const users = [{ ...ADA, suspended: ada.suspended }].filter((u) => u.email.includes(query));
    json(res, 200, { users });
  });
  api.on('GET /api/admin/users/u-ada', (_req, _body, res) => json(res, 200, ada));
  api.on('GET /api/admin/users/u-ada/decisions', (_req, _body, res) =>
    json(res, 200, {
      decisions: [
        {
          id: 5,
          action: 'remove-message',
          note: 'Threats in a reply.',
          reportId: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          reversedAt: null,
        },
        {
          id: 4,
          action: 'dismiss',
          note: 'Nothing wrong.',
          reportId: 7,
          createdAt: '2026-11-19T10:00:00.000Z',
          reversedAt: null,
        },
      ],
    }),
  );
  api.on('GET /api/admin/safety-holds', (_req, _body, res) => json(res, 200, []));
});

describe('who sees the staff console', () => {
  it('shows the not-found screen when the server answers 404 (not staff)', async () => {
    api.on('GET /api/admin/users', (_req, _body, res) => json(res, 404, { message: 'Not found' }));
    renderAt('/admin');
    // The first render of the file: the modules are still being transformed, so a longer wait.
    expect(
      await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).toBeNull();
  });

  it('tells staff without two-factor to set it up, with a link to the Account page', async () => {
    api.on('GET /api/admin/users', (_req, _body, res) =>
      json(res, 403, {
        message: 'Set up two-factor authentication to use the staff console.',
        code: 'TWO_FACTOR_REQUIRED',
        setupUrl: '/account#two-factor',
      }),
    );
    renderAt('/admin/users');
    expect(
      await screen.findByText('Set up two-factor authentication to use the staff console.'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Set up two-factor authentication' });
    expect(link.getAttribute('href')).toBe('/account#two-factor');
  });

  it('asks a signed-out visitor to sign in, without asking the console', async () => {
    api.on('GET /api/auth/get-session', (_req, _body, res) => json(res, 200, null));
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(api.requests.some((r) => r.path.startsWith('/api/admin/'))).toBe(false);
  });
});

describe('users', () => {
  it('finds an account and opens its page', async () => {
    renderAt('/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Staff console' });
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.change(screen.getByLabelText('E-mail or name'), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.requests.map((r) => r.path)).toContain('/api/admin/users?query=ada'),
    );
    const results = await screen.findByRole('list', { name: 'Accounts' });
    const row = within(results).getByRole('link', { name: /ada@example\.com/ });
    expect(row.textContent).toContain('free');
    expect(row.textContent).toContain('user');
    fireEvent.click(row);
    expect(await screen.findByRole('heading', { name: 'ada@example.com' })).toBeTruthy();
    expect(screen.getByTestId('staff-user-credits').textContent).toBe('12');
    expect(screen.getByText('2, 3, 40')).toBeTruthy();
    // The decisions about the account: each with its report, or word that it is gone.
    const decisions = await screen.findByRole('list', { name: 'Decisions' });
    const [removed, dismissed] = within(decisions).getAllByRole('listitem');
    expect(removed!.textContent).toContain('Threats in a reply.');
    expect(removed!.textContent).toContain('Its report went with the reporter’s account.');
    expect(within(dismissed!).getByRole('link', { name: 'Report #7' }).getAttribute('href')).toBe(
      '/admin/reports/7',
    );
  });

  it('gives credits with a reason, and the page shows the new balance', async () => {
    api.on('POST /api/admin/users/u-ada/credits', (_req, body, res) => {
      const { amount, reason } = body as { amount: number; reason: string };
      ada.credits = {
        ...ada.credits,
        left: ada.credits.left + amount,
        grants: [{ id: 1, amount, reason, actorId: 'staff1', createdAt: new Date().toISOString() }],
      };
      json(res, 200, { credits: ada.credits.left });
    });
    renderAt('/admin/users/u-ada');
    const opener = await screen.findByRole('button', { name: 'Give or take credits' });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Give or take credits' });
    fireEvent.change(within(dialog).getByLabelText('Credits (negative to take)'), {
      target: { value: '50' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Refund for the outage' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save credits' }));
    await waitFor(() => expect(screen.getByTestId('staff-user-credits').textContent).toBe('62'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      amount: 50,
      reason: 'Refund for the outage',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('list', { name: 'Credit grants' }).textContent).toContain(
      'Refund for the outage',
    );
    expect(await screen.findByText('Credits updated: 62 left')).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    api.on('POST /api/admin/users/u-ada/suspension', (_req, _body, res) =>
      json(res, 403, { message: 'A moderator cannot act on staff.' }),
    );
    renderAt('/admin/users/u-ada');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend account' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A moderator cannot act on staff.',
    );
    // Escape closes it, and the focus is back on the button that opened it.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Suspend account' }));
  });

  it('suspends an account with a reason, then offers to restore it', async () => {
    api.on('POST /api/admin/users/u-ada/suspension', (_req, body, res) => {
      const { suspended, reason } = body as { suspended: boolean; reason: string };
      ada = { ...ada, suspended, suspensionReason: reason };
      json(res, 200, ada);
    });
    renderAt('/admin/users/u-ada');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend account' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Spam from this account' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('button', { name: 'Restore account' })).toBeTruthy();
    expect(screen.getByText(/Suspended: Spam from this account/)).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      suspended: true,
      reason: 'Spam from this account',
    });
  });
});
