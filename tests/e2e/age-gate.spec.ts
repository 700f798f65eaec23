import { expect } from '@playwright/test';
import { E2E_OIDC_PORT, E2E_URL } from './ports';
import { expectAccessible, snap, test } from './support';

// A first-time visitor: nothing remembered in the browser.
test.use({ storageState: { cookies: [], origins: [] } });

test('the age gate blocks every page until the visitor confirms, then stays away', async ({
  page,
}, info) => {
  await page.goto('/pricing');
  const gate = page.getByRole('dialog', { name: 'Adults only' });
  await expect(gate).toBeVisible();
  const enter = gate.getByRole('button', { name: 'Yes, Enter' });
  await expect(enter).toBeDisabled();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await expectAccessible(page);
  await snap(page, info, 'age-gate');

  // Escape does not get around it.
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();

  await gate.getByLabel('I am at least 18 years old.').check();
  await expect(enter).toBeEnabled();
  await enter.click();
  await expect(gate).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0);
});

test('No, Leave goes back in history', async ({ page }) => {
  const previous = `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`;
  await page.goto(previous);
  await page.goto('/');
  await page.getByRole('button', { name: 'No, Leave' }).click();
  await expect(page).toHaveURL(previous);
});

test('No, Leave goes to the referrer when there is no history', async ({ page, context }) => {
  // A tab opened from another site: one history entry, and that site as the referrer.
  const other = `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`;
  await page.goto(other);
  const popup = context.waitForEvent('page');
  await page.evaluate((url) => window.open(url, '_blank'), E2E_URL + '/');
  const tab = await popup;
  // The referrer is the other site's origin (our referrer policy); give it a page to show.
  await context.route(`http://127.0.0.1:${E2E_OIDC_PORT}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>elsewhere' }),
  );
  await tab.getByRole('button', { name: 'No, Leave' }).click();
  await expect(tab).toHaveURL(`http://127.0.0.1:${E2E_OIDC_PORT}/`);
  await expect(tab).toHaveTitle('Elsewhere');
});

test('No, Leave goes to a public search site as a last resort', async ({ page, context }) => {
  // Answered inside the browser: the test never reaches the internet.
  await context.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Search</title>search' }),
  );
  // A fresh tab with no referrer and no history.
  await page.goto('/privacy-policy');
  const popup = context.waitForEvent('page');
  await page.evaluate((url) => window.open(url, '_blank', 'noopener,noreferrer'), E2E_URL + '/');
  const tab = await popup;
  await tab.getByRole('button', { name: 'No, Leave' }).click();
  await expect(tab).toHaveURL('https://www.google.com/');
});
