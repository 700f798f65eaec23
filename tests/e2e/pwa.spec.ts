import { expect, type Page } from '@playwright/test';
import { E2E_CONTROL_URL, E2E_URL } from './ports';
import {
  createCharacter,
  expectAccessible,
  openSidebarOnPhone,
  SELENE,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * The installable app (issue 52 part 1): the manifest and the service worker Chromium installs
 * from, the offline start with the last conversation to read, and the worker's copies of a user's
 * conversations going when the user does.
 */

// The other files block the worker (playwright.config.ts): here it is what is tested.
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (it claims the page that registered it). */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toBe(`${E2E_URL}/sw.js`);
}

/** The addresses the worker keeps for reading offline (the page's view of its cache). */
const keptAddresses = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('reverie-api'))) return [];
    const keys = await (await caches.open('reverie-api')).keys();
    return keys.map((request) => new URL(request.url).pathname);
  });

/**
 * A signed-in user with a conversation of four messages, open, read once more under the worker
 * (which registers after the first load): the worker has kept it.
 */
async function openConversation(page: Page, email: string) {
  await skipChatSplash(page);
  await signInDirectly(page, email);
  const characterId = await createCharacter(page, SELENE);
  const seeded = await page.request.post(`${E2E_CONTROL_URL}/history`, {
    data: { email, characterId, count: 4 },
  });
  const { id } = (await seeded.json()) as { id: number };
  await page.goto(`/chat/${id}?character=${characterId}`);
  const thread = page.getByTestId('message-scroller');
  await expect(thread.getByText('Message 4', { exact: true })).toBeVisible();
  await controlledByWorker(page);
  await page.reload();
  await expect(thread.getByText('Message 4', { exact: true })).toBeVisible();
  await expect
    .poll(() => keptAddresses(page))
    .toEqual(
      expect.arrayContaining([
        '/api/conversations',
        `/api/conversations/${id}/messages`,
        '/offline/character-names',
      ]),
    );
  return { id, thread };
}

test('Reverie installs: every page links the manifest, and a worker controls the page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  for (const path of ['/chat', '/pricing', '/chat/12', '/no/such/page']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  }
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Reverie', display: 'standalone', start_url: '/chat' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  // The worker's script: always asked for afresh (a new version is found at once), and never
  // the app's HTML; the pages allow it.
  const script = await page.request.get('/sw.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(await script.text()).not.toContain('<!doctype html>');
  const headers = (await page.request.get('/')).headers();
  expect(headers['content-security-policy']).toContain("worker-src 'self'");

  await controlledByWorker(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(
    `${E2E_URL}/`,
  );
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${E2E_URL}/sw.js`,
  );
  // Chromium's own verdict on the manifest, icons and worker.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
});

test('offline, Reverie opens on "You are offline" with the last conversation to read', async ({
  page,
  context,
}, info) => {
  const { thread } = await openConversation(page, uniqueEmail(info, 'offline'));

  await context.setOffline(true);
  await page.reload();
  const heading = page.getByRole('heading', { level: 1, name: 'You are offline' });
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle('You are offline · Reverie');
  await expect(
    page.getByText('Reverie will reconnect by itself when your connection is back.'),
  ).toBeVisible();
  const messages = page.getByRole('list', { name: 'Messages with Selene' });
  for (const n of [1, 2, 3, 4]) {
    await expect(messages.getByText(`Message ${n}`, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('A long talk')).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'offline');

  // Big enough to touch, and reached with the keyboard: the conversation folds and opens again.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  const conversation = page.locator('summary').filter({ hasText: 'Selene' });
  for (const target of [tryAgain, conversation]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expect(heading).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tryAgain).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(conversation).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(messages).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(messages).toBeVisible();

  // Trying again while still offline: the same screen, never the browser's error page.
  await tryAgain.click();
  await expect(heading).toBeVisible();
  await expect(messages.getByText('Message 4', { exact: true })).toBeVisible();

  // The connection is back: the app, by itself.
  await context.setOffline(false);
  await expect(thread.getByText('Message 4', { exact: true })).toBeVisible();
  await expect(heading).toHaveCount(0);
});

test("signing out clears the worker's copies; another user never gets them", async ({
  page,
}, info) => {
  await openConversation(page, uniqueEmail(info, 'leaving'));
  await openSidebarOnPhone(page);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => keptAddresses(page)).toEqual([]);

  // Someone else on the same browser, without the first user signing out: the first user's
  // conversation is not kept for them.
  const first = await openConversation(page, uniqueEmail(info, 'first'));
  await signInDirectly(page, uniqueEmail(info, 'second'));
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Welcome, Tester' })).toBeVisible();
  await expect
    .poll(() => keptAddresses(page))
    .not.toContain(`/api/conversations/${first.id}/messages`);
});
