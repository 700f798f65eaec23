import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReportDetail, ReportQueue } from '../../src/shared/reports/contract';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';
import { renderConsoleAt as renderAt } from './staff-console-render';

/**
 * Issue 49: the console's Reports section. Staff see the queue (most serious first, as the server
 * orders it), open a report with the reported message in its context, decide with a note, and an
 * admin (only an admin) can reverse a decision.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
  await import('../../src/web/features/staff/reports/ReportsSection');
});
afterAll(() => api.close());

const staff = (role: 'admin' | 'moderator') => ({
  id: 'staff1',
  email: 'grace@example.com',
  name: 'Grace',
  emailVerified: true,
  role,
  twoFactorEnabled: true,
});

const queued = (id: number, reason: ReportQueue['reports'][number]['reason'], name: string) => ({
  id,
  kind: 'message' as const,
  reason,
  status: 'open' as const,
  createdAt: '2026-11-28T10:00:00.000Z',
  reporterId: 'u-rep',
  subjectUserId: 'u-owner',
  characterName: name,
  hasDetails: false,
});

const QUEUE: ReportQueue = {
  reports: [
    queued(3, 'minors', 'Nyx'),
    queued(1, 'self-harm', 'Orrin'),
    { ...queued(2, 'other', 'Lumen'), kind: 'character' },
  ],
  openByReason: { minors: 1, 'self-harm': 1, illegal: 0, harassment: 0, other: 1 },
};

const msg = (id: number, sender: 'user' | 'ai', content: string, removed = false) => ({
  id,
  sender,
  content,
  createdAt: `2026-11-28T09:0${id % 10}:00.000Z`,
  removed,
});

let detail: ReportDetail;
beforeEach(() => {
  api.reset();
  queryClient.clear();
  detail = {
    report: { ...queued(3, 'minors', 'Nyx'), details: 'It describes a child.' },
    message: msg(12, 'ai', 'The reported reply'),
    before: [msg(10, 'user', 'Tell me a story', false), msg(11, 'ai', 'An earlier reply', true)],
    after: [msg(13, 'user', 'A later question')],
    character: {
      id: 7,
      name: 'Nyx',
      description: 'A night spirit',
      gender: 'female',
      personality: 'Curious',
      removed: false,
    },
    earlier: [{ ...queued(1, 'self-harm', 'Nyx'), status: 'closed' }],
    decisions: [],
  };
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, { user: staff('moderator'), session: { id: 's1' } }),
  );
  api.on('GET /api/admin/reports', (req, _body, res) => {
    const status = new URL(req.url!, 'http://x').searchParams.get('status');
    json(res, 200, status === 'closed' ? { ...QUEUE, reports: [] } : QUEUE);
  });
  api.on('GET /api/admin/reports/3', (_req, _body, res) => json(res, 200, detail));
});

describe('the report queue', () => {
  it('lists the reports in the server’s order with counts by reason, and switches tabs', async () => {
    renderAt('/admin/reports');
    const list = await screen.findByRole('list', { name: 'Report queue' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Sexual content involving minorsNyxMessage/),
      expect.stringMatching(/^Self-harm or suicideOrrinMessage/),
      expect.stringMatching(/^Something elseLumenCharacter/),
    ]);
    expect(rows[0]!.getAttribute('href')).toBe('/admin/reports/3');
    const chips = screen.getByRole('list', { name: 'Open reports by reason' });
    expect(within(chips).getAllByRole('listitem')[0]!.textContent).toBe(
      'Sexual content involving minors: 1',
    );
    expect(api.requests.map((r) => r.path)).toContain('/api/admin/reports?status=open');

    // The tabs: arrow keys move and choose.
    const open = screen.getByRole('tab', { name: 'Open' });
    expect(open.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(open, { key: 'ArrowRight' });
    const closed = screen.getByRole('tab', { name: 'Closed' });
    expect(closed.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(closed);
    expect(await screen.findByText('No closed reports.')).toBeTruthy();
    expect(api.requests.map((r) => r.path)).toContain('/api/admin/reports?status=closed');
    fireEvent.keyDown(closed, { key: 'ArrowRight' });
    expect(await screen.findByRole('list', { name: 'Report queue' })).toBeTruthy();
  });
});

describe('a report’s page', () => {
  it('shows the reported message marked within its context, the character and earlier reports', async () => {
    renderAt('/admin/reports/3');
    expect(
      await screen.findByRole('heading', { name: 'Sexual content involving minors' }),
    ).toBeTruthy();
    expect(screen.getByText('It describes a child.')).toBeTruthy();
    const context = screen.getByRole('list', { name: 'Conversation around the reported message' });
    const items = within(context).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p:last-child')!.textContent)).toEqual([
      'Tell me a story',
      'An earlier reply',
      'The reported reply',
      'A later question',
    ]);
    expect(items[2]!.getAttribute('aria-current')).toBe('true');
    expect(items[2]!.textContent).toContain('Reported');
    expect(items[1]!.textContent).toContain('Removed');
    expect(items[0]!.textContent).toContain('User');
    expect(items[1]!.textContent).toContain('Nyx');
    expect(screen.getByText('A night spirit')).toBeTruthy();
    const earlier = screen.getByRole('list', { name: 'Earlier reports' });
    expect(within(earlier).getByRole('link').getAttribute('href')).toBe('/admin/reports/1');
  });

  it('removes the message with a note, and the page and the queue read again', async () => {
    api.on('POST /api/admin/reports/3/decision', (_req, body, res) => {
      const { action, note } = body as { action: 'remove-message'; note: string };
      detail = {
        ...detail,
        report: { ...detail.report, status: 'closed' },
        message: { ...detail.message!, removed: true },
        decisions: [
          {
            id: 9,
            action,
            note,
            actorId: 'staff1',
            createdAt: new Date().toISOString(),
            reversedAt: null,
          },
        ],
      };
      json(res, 200, detail);
    });
    renderAt('/admin/reports/3');
    const opener = await screen.findByRole('button', { name: 'Remove message' });
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove character' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suspend user' })).toBeTruthy();
    const readsBefore = api.requests.filter((r) => r.path === '/api/admin/reports/3').length;
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Remove message' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Sexual content about a minor' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove message' }));
    const decisions = await screen.findByRole('list', { name: 'Decisions' });
    expect(decisions.textContent).toContain('Message removed');
    expect(decisions.textContent).toContain('Sexual content about a minor');
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'remove-message',
      note: 'Sexual content about a minor',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove message' })).toBeNull();
    expect(screen.getByText('Closed')).toBeTruthy();
    // The page read again after the decision; a moderator sees no Reverse.
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/admin/reports/3').length).toBe(
        readsBefore + 1,
      ),
    );
    expect(screen.queryByRole('button', { name: /Reverse/ })).toBeNull();
    // Back to the queue: it is read again, not taken from before.
    const queueReads = api.requests.filter((r) => r.path.startsWith('/api/admin/reports?')).length;
    fireEvent.click(screen.getByRole('link', { name: 'All reports' }));
    await screen.findByRole('list', { name: 'Report queue' });
    expect(
      api.requests.filter((r) => r.path.startsWith('/api/admin/reports?')).length,
    ).toBeGreaterThan(queueReads);
  });

  it("shows the server's refusal in the dialog, and Escape gives the focus back", async () => {
    api.on('POST /api/admin/reports/3/decision', (_req, _body, res) =>
      json(res, 409, { message: 'Someone decided on this report already.' }),
    );
    renderAt('/admin/reports/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Not a breach' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Someone decided on this report already.',
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss' }));
  });

  it('offers an admin to reverse a standing decision, with a note', async () => {
    api.on('GET /api/auth/get-session', (_req, _body, res) =>
      json(res, 200, { user: staff('admin'), session: { id: 's1' } }),
    );
    const at = '2026-11-28T11:00:00.000Z';
    detail = {
      ...detail,
      report: { ...detail.report, status: 'closed' },
      decisions: [
        {
          id: 8,
          action: 'dismiss',
          note: 'First look',
          actorId: 'm1',
          createdAt: at,
          reversedAt: at,
        },
        {
          id: 9,
          action: 'suspend-user',
          note: 'Spam',
          actorId: 'm1',
          createdAt: at,
          reversedAt: null,
        },
      ],
    };
    api.on('POST /api/admin/decisions/9/reversal', (_req, _body, res) => {
      detail = {
        ...detail,
        decisions: detail.decisions.map((d) => ({ ...d, reversedAt: at })),
      };
      // Which report it reopened: the page reads it again.
      json(res, 200, { decisionId: 9, reportId: 3 });
    });
    renderAt('/admin/reports/3');
    const decisions = await screen.findByRole('list', { name: 'Decisions' });
    const reverse = within(decisions).getAllByRole('button', { name: /Reverse/ });
    expect(reverse.map((b) => b.getAttribute('aria-label'))).toEqual(['Reverse: User suspended']);
    expect(within(decisions).getAllByRole('listitem')[0]!.textContent).toContain('Reversed');
    fireEvent.click(reverse[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the decision' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Was a mistake' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(decisions).getAllByRole('listitem')[1]!.textContent).toContain('Reversed'),
    );
    expect(within(decisions).queryByRole('button', { name: /Reverse/ })).toBeNull();
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/admin/decisions/9/reversal',
      body: { note: 'Was a mistake' },
    });
  });
});
