import { expect, type Page } from '@playwright/test';
import { expectAccessible, expectFingerSized, snap, test } from './support';

/**
 * The published crisis protocol (CA SB 243): reachable from every public page's footer, the
 * crisis services first and one tap away, readable at 375 px. The services come from
 * GET /api/safety/resources; the page shows the defaults until it answers or when it fails.
 */

/** The crisis services' links, as a person in distress would tap them. */
const services = (page: Page) => page.getByTestId('crisis-services').getByRole('link');

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}

test('the footer leads to the safety page by keyboard', async ({ page }) => {
  await page.goto('/');
  const link = page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Safety & Crisis Protocol' });
  await expect(link).toBeVisible();
  // From the top of the page, Tab by Tab, as a keyboard user gets there.
  for (let presses = 0; presses < 80; presses++) {
    if (await link.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/safety');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Safety & Crisis Protocol' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Safety & Crisis Protocol · /);
});

test('the crisis services come first, as big call, text and chat links', async ({
  page,
  context,
}, info) => {
  // Answered inside the browser: the test never reaches the internet.
  await context.route('https://988lifeline.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>988 Lifeline chat</title>chat' }),
  );
  await page.goto('/safety');
  const article = page.getByRole('article');
  // Right under the title, before the protocol: the first heading after the page's own.
  await expect(article.getByRole('heading', { level: 2 }).first()).toHaveText(
    'Need to talk to someone now?',
  );
  await expect(
    page.getByText(
      'If you are in immediate danger, call your local emergency number (911 in the US).',
    ),
  ).toBeVisible();

  const links = services(page);
  await expect(links).toHaveCount(4);
  await expect(links.nth(0)).toHaveText('Call 988');
  await expect(links.nth(0)).toHaveAttribute('href', 'tel:988');
  await expect(links.nth(1)).toHaveText('Text 988');
  await expect(links.nth(1)).toHaveAttribute('href', 'sms:988');
  await expect(links.nth(2)).toHaveAccessibleName('Chat online (opens in a new tab)');
  await expect(links.nth(2)).toHaveAttribute('href', 'https://988lifeline.org/chat');
  await expect(links.nth(3)).toHaveAccessibleName('Visit findahelpline.com (opens in a new tab)');
  await expect(links.nth(3)).toHaveAttribute('href', 'https://findahelpline.com');

  // Thumb-sized: at least 44 × 44 px each, at desktop and phone widths.
  for (const box of await links.evaluateAll((els) =>
    els.map((el) => ({
      w: el.getBoundingClientRect().width,
      h: el.getBoundingClientRect().height,
    })),
  )) {
    expect(box.h).toBeGreaterThanOrEqual(44);
    expect(box.w).toBeGreaterThanOrEqual(44);
  }
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, info, 'safety');
  await expectFingerSized(page, info);

  // The chat opens in a tab of its own: this page stays where it was.
  const popup = context.waitForEvent('page');
  await links.nth(2).click();
  const chat = await popup;
  await expect(chat).toHaveURL('https://988lifeline.org/chat');
  await expect(chat).toHaveTitle('988 Lifeline chat');
  await expect(page).toHaveURL('/safety');
});

test('the page describes the protocol as built, with its links', async ({ page }) => {
  await page.goto('/safety');
  const article = page.getByRole('article');
  for (const heading of [
    '1. You are talking with an AI',
    '2. What we look for',
    '3. What you see',
    '4. Which services we point you to',
    '5. What we keep',
    '6. Adults only',
    '7. What this cannot do',
    '8. How to reach us',
  ]) {
    await expect(article.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  for (const fact of [
    'at least every three hours',
    'Chat Mode (Texting or Assistant) and in Story Mode',
    'No person reads your messages for this',
    'this exam is killing me',
    'withheld and replaced before you see it and before it is stored',
    'We do not keep the words of your message',
    'no names, no ids and no text',
    'download or delete your data',
    'not an emergency service',
  ]) {
    await expect(article).toContainText(fact);
  }
  await article.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL('/contact');
});

test("the server's own services replace the defaults, which stay when it fails", async ({
  page,
}) => {
  await page.route('**/api/safety/resources', (route) =>
    route.fulfill({
      json: {
        resources: [
          {
            name: 'Samaritans',
            phone: '116 123',
            url: 'https://www.samaritans.org/',
            country: 'GB',
          },
          // A configuration mistake must never become a script link (nor a service to reach).
          { name: 'Broken entry', url: 'javascript:alert(1)' },
        ],
        aiNoticeEveryMinutes: 60,
      },
    }),
  );
  await page.goto('/safety');
  const links = services(page);
  await expect(links.first()).toHaveText('Call 116 123');
  await expect(links.first()).toHaveAttribute('href', 'tel:116123');
  await expect(links.nth(1)).toHaveAttribute('href', 'https://www.samaritans.org/');
  await expect(links).toHaveCount(2);
  await expect(page.getByText('Broken entry')).toHaveCount(0);
  await expect(page.getByTestId('crisis-services')).toContainText('United Kingdom');
  await expect(page.getByRole('article')).toContainText('(on this server, every hour)');

  await page.unroute('**/api/safety/resources');
  await page.route('**/api/safety/resources', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
  );
  await page.reload();
  await expect(services(page).first()).toHaveAttribute('href', 'tel:988');
  await expect(page.getByRole('article')).not.toContainText('on this server');
});

test('terms, privacy and the legal pages’ top bar link to the protocol', async ({ page }, info) => {
  await page.goto('/terms-and-conditions');
  const terms = page.getByRole('article');
  await expect(
    terms.getByRole('heading', { name: '8. AI Notice and Crisis Protocol' }),
  ).toBeVisible();
  // Beside Home, Contact and Pricing where there is room; phones reach it from the footer.
  const topLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'Safety',
  });
  if (info.project.name === 'desktop') await expect(topLink).toBeVisible();
  else await expect(topLink).toBeHidden();
  await terms.getByRole('link', { name: 'Read our Safety & Crisis Protocol' }).click();
  await expect(page).toHaveURL('/safety');

  await page.goto('/privacy-policy');
  const privacy = page.getByRole('article');
  await expect(privacy).toContainText('never the words of your message');
  await expect(privacy).toContainText('which contain no personal data');
  await privacy.getByRole('link', { name: 'Read our Safety & Crisis Protocol' }).click();
  await expect(page).toHaveURL('/safety');
  await expectNoSidewaysScroll(page);
});
