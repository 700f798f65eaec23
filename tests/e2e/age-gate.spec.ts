import { expect } from '@playwright/test';
import { E2E_OIDC_PORT, E2E_URL } from './ports';
import { STORAGE_KEYS } from '../../src/web/lib/storage';
import { expectAccessible, snap, test } from './support';

// A first-time visitor: nothing remembered in the browser.
test.use({ ageConfirmed: false });

test('the age gate blocks every page until the visitor confirms, then stays away', async ({
  page,
}, info) => {
  await page.goto('/pricing');
  const gate = page.getByRole('dialog', { name: 'Adults only' });
  await expect(gate).toBeVisible();
  const enter = gate.getByRole('button', { name: 'Yes, Enter' });
  await expect(enter).toBeDisabled();
  // Keyboard users start on the box.
  await expect(gate.getByLabel('I am at least 18 years old.')).toBeFocused();
  // Nothing of the app is rendered behind the gate.
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, info, 'age-gate');

  // Escape (any number of times) and clicks outside do not get around it.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(gate).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toHaveCount(0);

  // Keyboard only: Tab reaches the box, Space ticks it, Tab reaches 'Yes, Enter', Enter enters.
  await page.keyboard.press('Tab');
  await expect(gate.getByLabel('I am at least 18 years old.')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(enter).toBeEnabled();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(enter).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(gate).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0);
});

test('removing the gate from the page reveals nothing', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
  await page.evaluate(() => document.querySelector('[data-testid="age-gate"]')?.remove());
  await page.waitForTimeout(300);
  await expect(page.getByRole('link', { name: 'Pricing' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Create your Dream AI Companion/ })).toHaveCount(
    0,
  );
});

test('a confirmation cleared elsewhere brings the gate back', async ({ page, context }) => {
  await page.goto('/pricing');
  const gate = page.getByRole('dialog', { name: 'Adults only' });
  await gate.getByLabel('I am at least 18 years old.').check();
  await gate.getByRole('button', { name: 'Yes, Enter' }).click();
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toBeVisible();
  // Another tab of this site forgets the confirmation (e.g. the browser's data was cleared).
  const other = await context.newPage();
  await other.goto('/contact');
  await other.evaluate((key) => window.localStorage.removeItem(key), STORAGE_KEYS.ageConfirmed);
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toHaveCount(0);
  // A page restored from the back-forward cache checks again as well.
  await page.evaluate((key) => {
    window.localStorage.setItem(key, '1');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  }, STORAGE_KEYS.ageConfirmed);
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toBeVisible();
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

test('the published crisis protocol opens without the age gate, and the rest of the site stays behind it', async ({
  page,
}) => {
  await page.goto('/safety');
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0);
  await expect(page.locator('a[href="tel:988"]').first()).toBeVisible();
  // Leaving it for any other page meets the gate.
  await page.goto('/pricing');
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toHaveCount(0);
});
