import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotificationsSection } from '../../src/web/features/account/NotificationsSection';
import { forgetThisBrowser, PUSH_ID_KEY } from '../../src/web/features/notifications/push';
import { apiTestSetup, json } from './api-double';
import {
  installBrowserPush,
  removeBrowserPush,
  SUBSCRIPTION_JSON,
  VAPID_BYTES,
  VAPID_KEY,
  type FakeBrowser,
} from './browser-push';

/**
 * Notifications in Account (issue 52 part 2): the switch for this device is the one place that
 * asks the browser's permission; on, this browser's subscription is sent to the server; off, it
 * ends and the server forgets it. Below, what the account is told, previews off by default.
 */

// The fake browser goes once the loads have ended and the page is empty: registered before
// apiTestSetup(), as Vitest runs afterEach hooks last-registered first.
afterEach(() => removeBrowserPush());
const setup = apiTestSetup();
let browser: FakeBrowser;
beforeEach(() => {
  window.localStorage.removeItem(PUSH_ID_KEY);
  setup.api.on('GET /api/notifications/settings', (_req, _body, res) =>
    json(res, 200, { replies: true, previews: false }),
  );
  setup.api.on('PUT /api/notifications/settings', (_req, body, res) => json(res, 200, body));
  setup.api.on('GET /api/push/key', (_req, _body, res) => json(res, 200, { publicKey: VAPID_KEY }));
  setup.api.on('POST /api/push/subscriptions', (_req, _body, res) =>
    json(res, 201, { id: 41, createdAt: '2026-01-01T00:00:00.000Z' }),
  );
  setup.api.on('DELETE /api/push/subscriptions/41', (_req, _body, res) =>
    json(res, 200, { success: true }),
  );
});

function renderSection() {
  render(
    <QueryClientProvider client={setup.client}>
      <NotificationsSection />
    </QueryClientProvider>,
  );
  const section = within(screen.getByRole('region', { name: 'Notifications' }));
  return { section, device: () => section.getByRole('switch', { name: /on this device/ }) };
}

const sent = (method: string, path: string) =>
  setup.api.requests.filter((r) => r.method === method && r.path === path);

describe('notifications on this device', () => {
  it('asks nothing on the first visit, and explains a refused permission', async () => {
    browser = installBrowserPush({ answer: 'denied' });
    const { section, device } = renderSection();
    await waitFor(() => expect(device().hasAttribute('disabled')).toBe(false));
    expect(device().getAttribute('aria-checked')).toBe('false');
    expect(browser.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(device());
    expect(await section.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Your browser blocks notifications from this site'),
    );
    expect(section.getByRole('alert').textContent).toContain('allow notifications for');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(sent('POST', '/api/push/subscriptions')).toHaveLength(0);
    expect(device().getAttribute('aria-checked')).toBe('false');
  });

  it('turned on, subscribes with the server key and sends the subscription as JSON', async () => {
    browser = installBrowserPush();
    const { section, device } = renderSection();
    await waitFor(() => expect(device().hasAttribute('disabled')).toBe(false));
    fireEvent.click(device());

    expect(await section.findByText('Notifications are on for this device.')).toBeTruthy();
    expect(device().getAttribute('aria-checked')).toBe('true');
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = browser.subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...VAPID_BYTES]);
    expect(sent('POST', '/api/push/subscriptions').map((r) => r.body)).toEqual([SUBSCRIPTION_JSON]);
    expect(window.localStorage.getItem(PUSH_ID_KEY)).toBe('41');
  });

  it('turned off, ends the subscription and the server forgets it', async () => {
    browser = installBrowserPush({ permission: 'granted', registered: true });
    await browser.subscribe({ applicationServerKey: VAPID_BYTES });
    const subscription = browser.subscription!;
    window.localStorage.setItem(PUSH_ID_KEY, '41');
    const { device } = renderSection();
    await waitFor(() => expect(device().getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(device());
    await waitFor(() => expect(device().getAttribute('aria-checked')).toBe('false'));
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(sent('DELETE', '/api/push/subscriptions/41')).toHaveLength(1));
    expect(window.localStorage.getItem(PUSH_ID_KEY)).toBeNull();
  });

  it('says so where the browser cannot do push, and the switch cannot be turned on', async () => {
    removeBrowserPush();
    const { section, device } = renderSection();
    expect(device().hasAttribute('disabled')).toBe(true);
    expect(section.getByRole('alert').textContent).toContain(
      'This browser cannot show notifications',
    );
    expect(section.getByRole('alert').textContent).toContain('Add to Home Screen');
  });

  it('says what failed when the server refuses the subscription', async () => {
    browser = installBrowserPush();
    setup.api.on('POST /api/push/subscriptions', (_req, _body, res) =>
      json(res, 400, { message: 'That push service address is not allowed.' }),
    );
    const { section, device } = renderSection();
    await waitFor(() => expect(device().hasAttribute('disabled')).toBe(false));
    fireEvent.click(device());
    expect((await section.findByRole('alert')).textContent).toBe(
      'Could not turn notifications on: That push service address is not allowed. Please try again.',
    );
    // No subscription left that nothing is sent to.
    expect(browser.subscription).toBeNull();
    expect(device().getAttribute('aria-checked')).toBe('false');
  });

  it('says the browser failed in plain words, not in its push service’s', async () => {
    browser = installBrowserPush();
    browser.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    const { section, device } = renderSection();
    await waitFor(() => expect(device().hasAttribute('disabled')).toBe(false));
    fireEvent.click(device());
    expect((await section.findByRole('alert')).textContent).toBe(
      'Could not turn notifications on: the browser or the connection did not answer. Please try again.',
    );
    expect(sent('POST', '/api/push/subscriptions')).toHaveLength(0);
    expect(device().getAttribute('aria-checked')).toBe('false');
  });

  it('forgetThisBrowser (sign-out) unsubscribes and deletes, and never throws', async () => {
    browser = installBrowserPush({ permission: 'granted', registered: true });
    await browser.subscribe({ applicationServerKey: VAPID_BYTES });
    const subscription = browser.subscription!;
    window.localStorage.setItem(PUSH_ID_KEY, '41');
    await forgetThisBrowser();
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(sent('DELETE', '/api/push/subscriptions/41')).toHaveLength(1);

    window.localStorage.setItem(PUSH_ID_KEY, '99'); // the server answers 404: already gone
    await expect(forgetThisBrowser()).resolves.toBeUndefined();
    removeBrowserPush();
    await expect(forgetThisBrowser()).resolves.toBeUndefined();
  });
});

describe('what the account is told', () => {
  it('shows replies on and previews off, explains the discreet text, and saves a change', async () => {
    removeBrowserPush();
    const { section } = renderSection();
    const replies = section.getByRole('switch', { name: 'Tell me when a reply is ready' });
    const previews = section.getByRole('switch', {
      name: "Show the character's name and the first words",
    });
    await waitFor(() => expect(replies.getAttribute('aria-checked')).toBe('true'));
    expect(previews.getAttribute('aria-checked')).toBe('false');
    expect(previews.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(previews.getAttribute('aria-describedby')!)!.textContent,
    ).toContain("'You have a new message.'");

    fireEvent.click(previews);
    await waitFor(() => expect(previews.getAttribute('aria-checked')).toBe('true'));
    expect(sent('PUT', '/api/notifications/settings').map((r) => r.body)).toEqual([
      { replies: true, previews: true },
    ]);
  });
});
