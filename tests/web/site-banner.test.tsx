import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { streamReply } from '../../src/web/features/chat/stream-reply';
import { SiteNotices } from '../../src/web/features/site/SiteNotices';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 48 part 6: the operator's announcement shows at the top of the signed-in app inside its
 * window until the user closes it (and stays closed for that announcement); while replies are
 * paused, the maintenance notice says so.
 */

const setup = apiTestSetup();
beforeEach(() => window.localStorage.clear());

const hour = 60 * 60 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const NEWS = { text: 'New characters arrive on Friday!', startsAt: at(-hour), endsAt: at(hour) };
const RUNNING = { enabled: false, message: '' };

function status(body: unknown) {
  setup.api.on('GET /api/site/status', (_req, _body, res) => json(res, 200, body));
}

const show = () =>
  render(
    <QueryClientProvider client={setup.client}>
      <SiteNotices />
    </QueryClientProvider>,
  );

/** Lets the status arrive (and the banner's chunk load) before saying nothing shows. */
async function settled() {
  await waitFor(() =>
    expect(setup.api.requests.some((r) => r.path === '/api/site/status')).toBe(true),
  );
  await waitFor(() => expect(setup.client.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the announcement banner', () => {
  it('shows inside its window, closes with ×, and stays closed for that announcement', async () => {
    status({ announcement: NEWS, maintenance: RUNNING });
    const first = show();
    const banner = await screen.findByRole('status', { name: 'Announcement' });
    expect(banner.textContent).toContain('New characters arrive on Friday!');
    fireEvent.click(screen.getByRole('button', { name: 'Close the announcement' }));
    expect(screen.queryByRole('status', { name: 'Announcement' })).toBeNull();

    first.unmount();
    setup.client.clear();
    show(); // the next visit
    await settled();
    expect(screen.queryByRole('status', { name: 'Announcement' })).toBeNull();
  });

  it('shows a new announcement after one was closed', async () => {
    status({ announcement: NEWS, maintenance: RUNNING });
    const first = show();
    await screen.findByRole('status', { name: 'Announcement' });
    fireEvent.click(screen.getByRole('button', { name: 'Close the announcement' }));
    first.unmount();

    setup.client.clear();
    status({ announcement: { ...NEWS, text: 'Story Mode is faster now.' }, maintenance: RUNNING });
    show();
    expect((await screen.findByRole('status', { name: 'Announcement' })).textContent).toContain(
      'Story Mode is faster now.',
    );
  });

  it('does not show an announcement whose window has ended', async () => {
    status({ announcement: { ...NEWS, endsAt: at(-1000) }, maintenance: RUNNING });
    const { container } = show();
    await settled();
    expect(container.textContent).toBe('');
  });

  it('shows nothing when there is neither an announcement nor a pause', async () => {
    status({ announcement: null, maintenance: RUNNING });
    const { container } = show();
    await settled();
    expect(container.textContent).toBe('');
  });
});

describe('the maintenance notice', () => {
  it('says replies are paused, with the operator’s message, and cannot be closed', async () => {
    status({
      announcement: null,
      maintenance: { enabled: true, message: 'Back by 14:00 UTC.' },
    });
    show();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Replies are paused for maintenance. Back by 14:00 UTC.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says the default message once', async () => {
    status({
      announcement: null,
      maintenance: {
        enabled: true,
        message:
          'Replies are paused for maintenance. Your conversations, sign-in and exports still work; please try again soon.',
      },
    });
    show();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(
      'Replies are paused for maintenance. Your conversations, sign-in and exports still work; please try again soon.',
    );
  });

  it('refuses a message sent meanwhile at once, with the operator’s message', async () => {
    const paused = 'Replies are paused for maintenance. Back by 14:00 UTC.';
    setup.api.on('POST /api/chat', (_req, _body, res) => {
      // As the server answers while replies are paused (site-settings.ts).
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '300' });
      res.end(JSON.stringify({ message: paused }));
    });
    const started = Date.now();
    await expect(
      streamReply('/api/chat', { message: 'Hello', conversationId: 7 }, { onToken: () => {} }),
    ).rejects.toMatchObject({ status: 503, message: paused });
    expect(setup.api.requests.filter((r) => r.path === '/api/chat')).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
