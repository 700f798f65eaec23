import { expect, type Page } from '@playwright/test';
import { E2E_NO_MODEL_DATA_DIR, E2E_NO_MODEL_URL } from './ports';
import {
  createCharacter,
  expectAccessible,
  openSidebarOnPhone,
  SELENE,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';
import { signInStaffAdmin } from './staff-admin';
import { withSiteSwitchLock } from './site-switch-lock';

/**
 * Issue 48 parts 5 and 6, in the browser: an admin renames the product and posts an
 * announcement; the landing page, the age gate, the chat and the tab's title carry the new name,
 * and the banner shows in the chat until it is closed.
 *
 * On the harness's second app (its own database): the brand is the whole site's, and the main
 * app's tests, running at the same time, expect the working name. Both widths set the same
 * brand, so neither minds the other's.
 */
const server = { url: E2E_NO_MODEL_URL, dataDir: E2E_NO_MODEL_DATA_DIR };
const PASSWORD = 'moonlit garden stroll';
const BRAND = {
  name: 'Lumen',
  tagline: 'Stories that stay with you',
  supportEmail: 'help@lumen.example',
  legalEntity: 'Lumen Labs Ltd',
  defaultThemeId: 'ultra-dark',
};
const NEWS = 'Lumen is the new name of this service.';

async function put(page: Page, path: string, data: unknown) {
  const res = await page.request.put(`${server.url}${path}`, {
    headers: { origin: server.url },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the operator’s brand names the site, and the announcement shows in the chat', async ({
  page,
}, info) => {
  await skipChatSplash(page);
  await signInStaffAdmin(page, uniqueEmail(info, 'brand-admin'), PASSWORD, {
    url: server.url,
    app: 'no-model',
  });
  await put(page, '/api/admin/brand', BRAND);
  const minute = 60_000;
  await put(page, '/api/admin/announcement', {
    announcement: {
      text: NEWS,
      startsAt: new Date(Date.now() - minute).toISOString(),
      endsAt: new Date(Date.now() + 60 * minute).toISOString(),
    },
  });

  // A first visit: the age gate names the product.
  await page.goto(`${server.url}/`);
  const gate = page.getByTestId('age-gate');
  await expect(gate).toContainText('Lumen contains mature content intended for adults.');
  await snap(page, info, 'brand-age-gate');
  await gate.getByLabel('I am at least 18 years old.').check();
  await gate.getByRole('button', { name: 'Yes, Enter' }).click();

  // The landing page: the logo, the tagline, the footer's company and the tab's title.
  await expect(page).toHaveTitle('Create your Dream AI Companion · Lumen');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Lumen' })).toBeVisible();
  await expect(page.getByText('Stories that stay with you · 18+')).toBeVisible();
  await expect(page.getByText('© 2025 Lumen Labs Ltd. All rights reserved.')).toBeVisible();
  await expect(page.getByText('Reverie', { exact: false })).toHaveCount(0);
  await snap(page, info, 'brand-landing');

  // The chat: the title, the logo, and the announcement until it is closed.
  const id = await createCharacter(page, SELENE, server.url);
  await page.goto(`${server.url}/chat?character=${id}`);
  await expect(page).toHaveTitle('Chat · Lumen');
  // The web app manifest as Chromium reads it: the brand's name, no errors, icons that load.
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  expect(read.url).toBe(`${server.url}/manifest.webmanifest`);
  expect(read.errors).toEqual([]);
  const manifest = JSON.parse(read.data!) as { name: string; icons: { src: string }[] };
  expect(manifest.name).toBe('Lumen');
  for (const icon of manifest.icons) {
    const res = await page.request.get(new URL(icon.src, server.url).href);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await cdp.detach();
  const banner = page.getByRole('status', { name: 'Announcement' });
  await expect(banner).toHaveText(NEWS);
  const close = banner.getByRole('button', { name: 'Close the announcement' });
  const box = (await close.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await snap(page, info, 'brand-chat-announcement');
  await openSidebarOnPhone(page);
  await expect(
    page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Lumen' }),
  ).toBeVisible();
  if (info.project.name === 'phone') await page.keyboard.press('Escape');

  await close.click();
  await expect(banner).toHaveCount(0);
  const status = page.waitForResponse((r) => r.url().endsWith('/api/site/status'));
  await page.reload();
  expect((await status).status()).toBe(200);
  await expect(page).toHaveTitle('Chat · Lumen');
  await expect(page.getByText('Select a mode to start chatting')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Announcement' })).toHaveCount(0);
  await snap(page, info, 'brand-chat');

  // Replies paused (at one width only: the switch is the whole site's, and is put back).
  // Not while no-model.spec.ts asks this app for replies (site-switch-lock.ts).
  if (info.project.name !== 'desktop') return;
  await withSiteSwitchLock(async () => {
    await put(page, '/api/admin/maintenance', { enabled: true, message: 'Back by 14:00 UTC.' });
    try {
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: 'paused' })).toHaveText(
        'Replies are paused for maintenance. Back by 14:00 UTC.',
      );
      await expectAccessible(page);
      await snap(page, info, 'brand-chat-maintenance');
    } finally {
      await put(page, '/api/admin/maintenance', { enabled: false, message: '' });
    }
  });
});
