import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedbackList } from '../../src/shared/reports/contract';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';
import { renderConsoleAt as renderAt } from './staff-console-render';

/**
 * Issue 49: the console's Feedback section, the ratings users chose to share with the message
 * pair, filtered by rating, with counts per model and per day.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
  await import('../../src/web/features/staff/feedback/FeedbackSection');
});
afterAll(() => api.close());

const item = (
  id: number,
  rating: 'up' | 'down',
  aiMessage: string,
  edited = false,
  comment: string | null = null,
) => ({
  id,
  rating,
  userMessage: `Question ${id}`,
  aiMessage,
  edited,
  comment,
  model: rating === 'up' ? 'model-a' : 'model-b',
  createdAt: '2026-11-28T10:00:00.000Z',
});

const ALL: FeedbackList = {
  items: [
    item(2, 'down', 'A dull reply', true, 'It forgot my name.'),
    item(1, 'up', 'A lovely reply'),
  ],
  byModel: [
    { model: 'model-a', up: 3, down: 1 },
    { model: 'model-b', up: 0, down: 2 },
  ],
  byDay: [
    { day: '2026-11-27', up: 0, down: 0 },
    { day: '2026-11-28', up: 3, down: 3 },
  ],
};

beforeEach(() => {
  api.reset();
  queryClient.clear();
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, {
      user: { id: 's', email: 'm@example.com', name: 'M', emailVerified: true, role: 'moderator' },
      session: { id: 's1' },
    }),
  );
  api.on('GET /api/admin/feedback', (req, _body, res) => {
    const rating = new URL(req.url!, 'http://x').searchParams.get('rating');
    json(res, 200, { ...ALL, items: ALL.items.filter((i) => !rating || i.rating === rating) });
  });
});

describe('feedback', () => {
  it('lists the shared pairs with counts, and the filter asks the server for one rating', async () => {
    renderAt('/admin/feedback');
    const list = await screen.findByRole('list', { name: 'Feedback' }, { timeout: 5000 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Down');
    expect(items[0]!.textContent).toContain('model-b');
    expect(items[0]!.textContent).toContain('Reply edited');
    expect(items[0]!.textContent).toContain('Question 2');
    expect(items[0]!.textContent).toContain('A dull reply');
    expect(items[0]!.textContent).toContain('CommentIt forgot my name.');
    expect(items[1]!.textContent).not.toContain('Reply edited');
    expect(items[1]!.textContent).not.toContain('Comment');
    expect(api.requests.map((r) => r.path)).toContain('/api/admin/feedback');

    const perModel = screen.getByRole('table', { name: 'Feedback per model' });
    const rows = within(perModel).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['model-a3125%', 'model-b02100%']);
    // Only the days with ratings.
    const perDay = screen.getByRole('table', { name: 'Feedback per day with ratings (utc)' });
    expect(
      within(perDay)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayUpDownDown share', '2026-11-283350%']);

    fireEvent.click(screen.getByRole('tab', { name: 'Down' }));
    await waitFor(() =>
      expect(api.requests.map((r) => r.path)).toContain('/api/admin/feedback?rating=down'),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Feedback' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.queryByText('A lovely reply')).toBeNull();

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Down' }), { key: 'ArrowLeft' });
    await waitFor(() =>
      expect(api.requests.map((r) => r.path)).toContain('/api/admin/feedback?rating=up'),
    );
    expect(await screen.findByText('A lovely reply')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Up' }).getAttribute('aria-selected')).toBe('true');
  });

  it('is the read that tells the console a staff account lacks two-factor', async () => {
    api.on('GET /api/admin/feedback', (_req, _body, res) =>
      json(res, 403, {
        message: 'Set up two-factor authentication to use the staff console.',
        code: 'TWO_FACTOR_REQUIRED',
        setupUrl: '/account#two-factor',
      }),
    );
    renderAt('/admin/feedback');
    expect(
      await screen.findByText(
        'Set up two-factor authentication to use the staff console.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // No second look (the audit probe) was needed to know.
    expect(api.requests.some((r) => r.path.startsWith('/api/admin/audit'))).toBe(false);
  });
});
