import { expect, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from './ports';
import {
  expectAccessible,
  expectFingerSized,
  mailTo,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

test('landing page: hero, features, modes, call to action, art grid, chrome', async ({
  page,
}, info) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your Dream AI Companion' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Ultimate Experience' })).toBeVisible();
  for (const card of [
    'Unique Personalities',
    'Adaptive AI',
    'Advanced Language Models',
    'Endless Categories',
  ]) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Choose Your Experience' })).toBeVisible();
  for (const mode of ['Chat Mode', 'Story Mode', 'Intimacy Levels']) {
    await expect(page.getByRole('heading', { name: mode })).toBeVisible();
  }
  // 5 × 6 tiles of 333 px, all loaded from our own art.
  const tiles = page.getByTestId('art-grid').locator('img');
  await expect(tiles).toHaveCount(30);
  expect(await tiles.first().getAttribute('width')).toBe('333');
  // Read once the image has arrived: an eager image may still be loading when the grid shows.
  await expect
    .poll(() => tiles.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(333);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('EXPLORE')).toBeVisible();
  await expect(footer.getByText('LEGAL')).toBeVisible();
  await expect(footer.getByText(/© 2025/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'landing');
  await expectFingerSized(page, info);

  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Reverie AI' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectAccessible(page);
  await snap(page, info, 'auth-dialog-signup');
  await expectFingerSized(page, info);
});

test('pricing: three plans, one FAQ item open at a time, plan buttons ask to sign in', async ({
  page,
}, info) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeVisible();
  await expectFingerSized(page, info);
  const free = page.getByRole('article', { name: 'Free' });
  const basic = page.getByRole('article', { name: 'Basic' });
  const pro = page.getByRole('article', { name: 'Pro' });
  await expect(free).toContainText('$0');
  await expect(free).toContainText('20 messages');
  await expect(basic).toContainText('$4');
  await expect(basic).toContainText('1,000 messages');
  await expect(basic).toContainText('Only $1 / week!');
  await expect(pro).toContainText('$20');
  await expect(pro).toContainText('10,000 messages');
  await expect(pro).toContainText('PRO CREATOR');

  const q1 = page.getByRole('button', { name: 'Do unused messages roll over?' });
  const q2 = page.getByRole('button', { name: 'Can I cancel anytime?' });
  await q1.click();
  await expect(q1).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('unused messages do not roll over')).toBeVisible();
  await q2.click();
  await expect(q2).toHaveAttribute('aria-expanded', 'true');
  await expect(q1).toHaveAttribute('aria-expanded', 'false');
  await q2.click();
  await expect(q2).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);
  await snap(page, info, 'pricing');

  for (const [card, label] of [
    [free, 'Sign In'],
    [basic, 'Get Access'],
    [pro, 'Go Pro'],
  ] as const) {
    await card.getByRole('button', { name: label }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Reverie AI' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('contact: the message is validated, delivered, confirmed and the form reset', async ({
  page,
}, info) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'contact');
  await expectFingerSized(page, info);

  const marker = `Hello from ${info.project.name} ${Date.now()}`;
  await page.getByLabel('Name').fill('Casey');
  await page.getByLabel('Email').fill('casey@example.com');
  await page.getByLabel('Reason').selectOption('partnership');
  await page.getByLabel('Message').fill(marker);
  // Confirmed in the page, not by a browser alert: a status message that takes the focus.
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Form submitted!' });
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
  expect(alerts).toEqual([]);
  await expectAccessible(page);
  await snap(page, info, 'contact-sent');
  await expect(page.getByLabel('Message')).toHaveValue('');
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Reason')).toHaveValue('');

  const mail = await mailTo('team@reverie.test', marker);
  expect(mail).toContain('Reason: Partnership');
  expect(mail).toMatch(/Reply-To: casey@example\.com/i);
  expect(readdirSync(path.join(E2E_DATA_DIR, 'outbox')).length).toBeGreaterThan(0);
  // Writing again puts the confirmation away.
  await page.getByLabel('Name').fill('Casey');
  await expect(page.getByText('Form submitted!')).toHaveCount(0);
});

/** The top bar's items sit side by side without touching, each on one line (also at 375 px). */
async function expectTopBarFits(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const boxes = await nav.evaluate((el) => {
    const logo = el.querySelector('a')!;
    const items = [logo, ...el.querySelectorAll(':scope > div > a, :scope > div > button')];
    // A link the width leaves out (display: none) takes no room.
    return items
      .filter((item) => item.getClientRects().length > 0)
      .map((item) => {
        const r = item.getBoundingClientRect();
        return { left: r.left, right: r.right, height: r.height };
      });
  });
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]!.left, `item ${i} starts after the previous one`).toBeGreaterThanOrEqual(
      boxes[i - 1]!.right,
    );
  }
  // One line each: a phone's buttons are a finger's 44 px tall (button.tsx), a second line more.
  for (const box of boxes.slice(1)) expect(box.height).toBeLessThanOrEqual(44);
  expect(boxes.at(-1)!.right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('terms and privacy state the facts users rely on', async ({ page }, info) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expectFingerSized(page, info);
  const terms = page.getByRole('article');
  for (const fact of [
    'at least 18 years old',
    'Google',
    'cancellation takes effect at the end of the current billing cycle',
    'We do not offer refunds',
    'greater of',
    '$50',
    '3 months',
  ]) {
    await expect(terms).toContainText(fact, { ignoreCase: true });
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Home', 'Contact', 'Pricing']) {
    await expect(nav.getByRole('link', { name: link })).toBeVisible();
  }
  await expectTopBarFits(page);
  await expectAccessible(page);
  await snap(page, info, 'terms');

  await page.goto('/privacy-policy');
  await expectTopBarFits(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const privacy = page.getByRole('article');
  for (const fact of [
    'Your conversations are private by default',
    '90 days',
    '30 days',
    'thumbs',
  ]) {
    await expect(privacy).toContainText(fact, { ignoreCase: true });
  }
  await expectAccessible(page);
  await snap(page, info, 'privacy');
});

test('unknown paths show the not-found screen, also on reload', async ({ page }, info) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  // A page like the others: the top bar and a sentence for people, no hint for developers.
  await expect(page.getByText('We could not find the page you were looking for.')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toHaveCount(0);
  await expectTopBarFits(page);
  await expect(page.getByRole('link', { name: 'Go to your chats' })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, info, 'not-found');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await main.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});

test('the not-found screen takes a signed-in user back to their chats', async ({ page }, info) => {
  await skipChatSplash(page);
  await signInDirectly(page, uniqueEmail(info, 'lost'));
  await page.goto('/chats/nowhere');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your chats' }).click();
  await expect(page).toHaveURL(/\/chat/);
});

test('client-side routes survive a reload', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL('/pricing');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeVisible();
});
