import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/staff/contract';
import { DEFAULT_BRAND } from '../../src/shared/site/brand-defaults';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';
import { renderConsoleAt as renderAt } from './staff-console-render';

/**
 * Issue 48: the staff console's other sections. The nav marks where the user is and takes the
 * focus to the section's heading; the audit log pages back in time; the brand is read-only to a
 * moderator and an admin sees the server's refusal; the announcement's times go out with their
 * offset.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
  // Each section is a chunk of its own: fetched once here, before the tests wait on them.
  await Promise.all([
    import('../../src/web/features/staff/audit/AuditSection'),
    import('../../src/web/features/staff/brand/BrandSection'),
    import('../../src/web/features/staff/site/SiteSection'),
    import('../../src/web/features/staff/users/UsersSection'),
  ]);
});
afterAll(() => api.close());

let role = 'admin';
const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T12:00:00.000Z',
  actorId: 'staff1',
  actorEmail: 'grace@example.com',
  actorRole: 'admin',
  action: 'GET /api/admin/users',
  targetUserId: null,
  reason: null,
  details: null,
  ...over,
});

beforeEach(() => {
  api.reset();
  queryClient.clear();
  role = 'admin';
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, {
      user: {
        id: 'staff1',
        email: 'grace@example.com',
        name: 'Grace',
        emailVerified: true,
        role,
        twoFactorEnabled: true,
      },
      session: { id: 's1' },
    }),
  );
  api.on('GET /api/admin/users', (_req, _body, res) => json(res, 200, { users: [] }));
  api.on('GET /api/admin/brand', (_req, _body, res) => json(res, 200, DEFAULT_BRAND));
  api.on('GET /api/admin/site', (_req, _body, res) =>
    json(res, 200, { maintenance: { enabled: false, message: '' }, announcement: null }),
  );
});

describe('the audit log', () => {
  it('opens from the nav with the focus on its heading, and pages back with Older', async () => {
    api.on('GET /api/admin/audit', (req, _body, res) => {
      const before = new URL(req.url!, 'http://x').searchParams.get('before');
      if (!before) {
        return json(res, 200, {
          entries: [
            entry(3, {
              action: 'POST /api/admin/users/:userId/credits',
              targetUserId: 'u-ada',
              reason: 'Refund',
            }),
          ],
          nextBefore: 3,
        });
      }
      json(res, 200, {
        entries: [entry(2, { action: 'GET /api/admin/safety-report' })],
        nextBefore: null,
      });
    });
    renderAt('/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Staff console' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Audit' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Audit' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(nav).getByRole('link', { name: 'Audit' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current'),
    ).toBeNull();

    const log = await screen.findByRole('list', { name: 'Audit log' }, { timeout: 3000 });
    expect(log.textContent).toContain('grace@example.com');
    expect(log.textContent).toContain('Why: Refund');
    expect(within(log).getByRole('link', { name: 'u-ada' }).getAttribute('href')).toBe(
      '/admin/users/u-ada',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(api.requests.map((r) => r.path)).toContain('/api/admin/audit?limit=50&before=3');
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();

    fireEvent.change(screen.getByLabelText('User id'), { target: { value: 'u-ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(api.requests.map((r) => r.path)).toContain('/api/admin/audit?limit=50&userId=u-ada'),
    );
  });
});

describe('the brand', () => {
  it('is read-only to a moderator', async () => {
    role = 'moderator';
    renderAt('/admin/brand');
    const name = await screen.findByLabelText('Product name', {}, { timeout: 3000 });
    expect((name as HTMLInputElement).value).toBe(DEFAULT_BRAND.name);
    expect(name.closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText('Only an admin can change the brand.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save brand' })).toBeNull();
  });

  it('saves what an admin typed, and shows the server refusing it', async () => {
    api.on('PUT /api/admin/brand', (_req, _body, res) =>
      json(res, 403, { message: 'Only an admin can change this.' }),
    );
    renderAt('/admin/brand');
    const tagline = await screen.findByLabelText('Tagline', {}, { timeout: 3000 });
    fireEvent.change(tagline, { target: { value: 'Stories that stay' } });
    fireEvent.change(screen.getByLabelText('Default theme'), {
      target: { value: 'workspace-light' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only an admin can change this.');
    const sent = api.requests.find((r) => r.method === 'PUT')?.body as Record<string, string>;
    expect(sent.tagline).toBe('Stories that stay');
    expect(sent.defaultThemeId).toBe('workspace-light');
  });
});

describe('the announcement', () => {
  it('goes out with ISO times carrying their offset, and can be taken down', async () => {
    let announcement: unknown = null;
    api.on('PUT /api/admin/announcement', (_req, body, res) => {
      announcement = (body as { announcement: unknown }).announcement;
      json(res, 200, { maintenance: { enabled: false, message: '' }, announcement });
    });
    renderAt('/admin/site');
    fireEvent.change(await screen.findByLabelText('Text', {}, { timeout: 3000 }), {
      target: { value: 'New characters this week' },
    });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2026-12-08T18:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save announcement' }));
    await waitFor(() => expect(announcement).not.toBeNull());
    const sent = announcement as { text: string; startsAt: string; endsAt: string };
    expect(sent.text).toBe('New characters this week');
    expect(sent.startsAt).toMatch(/^2026-12-01T09:00:00[+-]\d\d:\d\d$/);
    expect(Date.parse(sent.startsAt)).toBe(new Date('2026-12-01T09:00').getTime());
    expect(Date.parse(sent.endsAt)).toBe(new Date('2026-12-08T18:30').getTime());

    fireEvent.click(await screen.findByRole('button', { name: 'Take it down' }));
    await waitFor(() => expect(announcement).toBeNull());
    expect(await screen.findByText(/No banner is set\./)).toBeTruthy();
  });
});
