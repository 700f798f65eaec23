import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { E2E_URL } from './ports';
import {
  axeBuilder,
  createCharacter,
  expectAccessible,
  openSidebarOnPhone,
  presetsToCheck,
  SELENE,
  sendMessage,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * The companion-app laws in the chat (NY GBL Art. 47, CA SB 243; decision 0042): the "not a
 * human" notice before the first reply and the AI badge wherever the character is shown; a
 * crisis notice with the crisis services, from which the published protocol is a keyboard away;
 * a self-declared minor's pause, which is no lack of credits; all of it readable in every theme.
 */

const CRISIS_MESSAGE = 'i want to kill myself tonight';
const MINOR_MESSAGE = "I'm 15 and in ninth grade";

async function setup(page: Page, label: string, info: TestInfo) {
  const email = uniqueEmail(info, label);
  await skipChatSplash(page);
  await signInDirectly(page, email);
  const characterId = await createCharacter(page, SELENE);
  await page.goto(`/chat?character=${characterId}`);
  // A first chat load in a tab shows the 2 s splash first; a busy machine adds to it.
  await expect(page.getByText('Select a mode to start chatting with your character!')).toBeVisible({
    timeout: 20_000,
  });
  return { email, characterId };
}

const notice = (page: Page, kind: 'ai-disclosure' | 'crisis' | 'adults-only') =>
  page.getByTestId(`notice-${kind}`);

/** True when `a` comes before `b` in the page. */
const comesBefore = async (a: Locator, b: Locator) =>
  (await a.evaluate(
    (first, second) =>
      Boolean(first.compareDocumentPosition(second as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
    await b.elementHandle(),
  )) as boolean;

test('a new conversation says Selene is an AI before her first reply; the AI badge stays in view', async ({
  page,
}, info) => {
  await setup(page, 'disclosed', info);
  const main = page.getByRole('main');
  // Where the character is presented: the mode chooser's card and the character list.
  const badge = main.getByRole('img', { name: 'AI character' });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('title', 'An AI, not a human');
  await openSidebarOnPhone(page);
  const list = page.getByRole('region', { name: 'Start chatting' });
  await expect(
    list.getByRole('listitem').filter({ hasText: SELENE.name }).getByRole('img', {
      name: 'AI character',
    }),
  ).toBeVisible();
  if (info.project.name === 'phone') await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Assistant' }).click();
  await sendMessage(page, 'Hello Selene');
  const disclosure = notice(page, 'ai-disclosure');
  await expect(disclosure).toBeVisible();
  await expect(disclosure).toHaveAttribute('role', 'status');
  await expect(disclosure).toContainText('Selene is an AI');
  await expect(disclosure).toContainText('not a human being');
  const reply = page.getByTestId('message-ai').first();
  await expect(reply).toContainText('The lamp flickers');
  // After the message it answers, before the reply; not a message (no toolbar).
  expect(await comesBefore(page.getByTestId('message-user').first(), disclosure)).toBe(true);
  expect(await comesBefore(disclosure, reply)).toBe(true);
  await expect(disclosure.getByRole('button')).toHaveCount(0);
  // The header says it too, next to her name.
  const header = page.getByRole('banner');
  await expect(header.getByRole('heading', { name: SELENE.name })).toBeVisible();
  await expect(header.getByRole('img', { name: 'AI character' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'notice-ai-disclosure');

  // Stored with the conversation: still there, in its place, when it is opened again.
  await page.reload();
  await expect(notice(page, 'ai-disclosure')).toBeVisible();
  expect(await comesBefore(notice(page, 'ai-disclosure'), page.getByTestId('message-ai'))).toBe(
    true,
  );
  await expect(notice(page, 'ai-disclosure')).toHaveCount(1);
});

test('a story and a greeting open with the notice at the very top, above the scene or greeting', async ({
  page,
}, info) => {
  await setup(page, 'openings', info);
  await page.getByRole('button', { name: 'Start a story' }).click();
  await page
    .getByPlaceholder('Describe what you’d like to experience...')
    .fill('A storm at a lighthouse');
  await page.getByRole('button', { name: 'Start' }).click();
  const scene = page.getByTestId('scenario');
  await expect(scene).toBeVisible();
  await expect(page.getByTestId('message-ai').first()).toBeVisible();
  const disclosure = notice(page, 'ai-disclosure');
  await expect(disclosure).toHaveCount(1);
  expect(await comesBefore(disclosure, scene)).toBe(true);

  // A character that speaks first: the notice comes before its greeting.
  const greeter = await createCharacter(page, {
    ...SELENE,
    name: 'Mira',
    greetings: ['*closes her book* There you are.'],
  });
  await page.goto(`/chat?character=${greeter}`);
  await page.getByRole('button', { name: 'Texting' }).click({ timeout: 20_000 });
  const greeting = page.getByTestId('message-ai').first();
  await expect(greeting).toContainText('There you are.');
  await expect(notice(page, 'ai-disclosure')).toContainText('Mira is an AI');
  expect(await comesBefore(notice(page, 'ai-disclosure'), greeting)).toBe(true);
});

test('a crisis message brings the crisis services, announced, and /safety by keyboard alone', async ({
  page,
  context,
}, info) => {
  // The services' pages are answered inside the browser: the test never reaches the internet.
  await context.route('https://988lifeline.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>988 Lifeline chat</title>chat' }),
  );
  await setup(page, 'crisis', info);
  await page.getByRole('button', { name: 'Assistant' }).click();
  await sendMessage(page, CRISIS_MESSAGE);
  const card = notice(page, 'crisis');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('role', 'status');
  await expect(card).toContainText('you can talk to a real person right now');
  await expect(card.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(card.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
  const chat = card.getByRole('link', { name: /Chat online/ });
  await expect(chat).toHaveAttribute('href', 'https://988lifeline.org/chat');
  await expect(chat).toHaveAttribute('target', '_blank');
  await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  // Thumb-sized: every link in the card is at least 44 px tall.
  for (const link of await card.getByRole('link').all()) {
    // Measured until shown: the card may be drawn again as the reply's stream arrives, and a
    // box is null for the moment its link is not in the page.
    await expect
      .poll(async () => (await link.boundingBox())?.height ?? 0)
      .toBeGreaterThanOrEqual(44);
  }
  // The reply still comes, below the card.
  await expect(page.getByTestId('message-ai').first()).toBeVisible();
  expect(await comesBefore(card, page.getByTestId('message-ai').first())).toBe(true);
  await expectAccessible(page);
  await snap(page, info, 'notice-crisis');

  // Keyboard only: from the card's words, Tab by Tab through its links, in order.
  await card.getByText('Help is available right now').click();
  const order: string[] = [];
  for (let presses = 0; presses < 8; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    order.push(focused);
    if (focused === 'How we handle this') break;
  }
  expect(order).toEqual([
    'Call 988',
    'Text 988',
    'Chat online (opens in a new tab)',
    'findahelpline.com (opens in a new tab)',
    'How we handle this',
  ]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/safety');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Safety & Crisis Protocol' }),
  ).toBeVisible();
});

test('a self-declared minor: the adults-only notice, the banner for the box, no credits dialog', async ({
  page,
}, info) => {
  await setup(page, 'minor', info);
  await page.getByRole('button', { name: 'Assistant' }).click();
  await sendMessage(page, MINOR_MESSAGE);
  const card = notice(page, 'adults-only');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('role', 'status');
  await expect(card).toContainText('adults only');
  const banner = page.getByTestId('chat-paused');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('role', 'status');
  await expect(banner).toContainText('You can still download or delete your data in Account.');
  await expect(banner.getByRole('link', { name: /Account/ })).toHaveAttribute('href', '/account');
  await expect(banner.getByRole('link', { name: /Contact/ })).toHaveAttribute('href', '/contact');
  await expect(page.getByPlaceholder('Message Selene...')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Out of Credits' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, info, 'notice-adults-only');

  // The pause is the account's: it holds after a reload; Account is one tap away.
  await page.reload();
  await expect(page.getByTestId('chat-paused')).toBeVisible();
  await expect(notice(page, 'adults-only')).toBeVisible();
  await card.getByRole('link', { name: /Account/ }).click();
  await expect(page).toHaveURL('/account');
});

/** Where the screenshots for a person to look at go (NOTICE_SHOTS_DIR), if anywhere. */
async function shoot(page: Page, info: TestInfo, name: string) {
  const dir = process.env.NOTICE_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${info.project.name}.png`) });
}

test('every notice and the banner stay readable in every preset theme', async ({ page }, info) => {
  // Ten presets, each a reload and an axe pass.
  test.setTimeout(240_000);
  await setup(page, 'themed', info);
  await page.getByRole('button', { name: 'Assistant' }).click();
  await sendMessage(page, CRISIS_MESSAGE);
  await expect(notice(page, 'crisis')).toBeVisible();
  await expect(page.getByTestId('message-ai').first()).toBeVisible();
  await sendMessage(page, MINOR_MESSAGE);
  await expect(notice(page, 'adults-only')).toBeVisible();
  await expect(page.getByTestId('chat-paused')).toBeVisible();
  const url = page.url();

  for (const preset of presetsToCheck(info)) {
    const chosen = await page.request.put('/api/themes/selection', {
      headers: { origin: E2E_URL },
      data: { selectedThemeId: preset.id },
    });
    expect(chosen.ok()).toBe(true);
    await page.goto(url);
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--main').trim(),
        ),
      )
      .toBe(preset.colors.main);
    for (const kind of ['ai-disclosure', 'crisis', 'adults-only'] as const) {
      await expect(notice(page, kind)).toBeVisible();
    }
    await expect(page.getByTestId('chat-paused')).toBeVisible();
    const results = await (
      await axeBuilder(page)
    )
      .include('[data-testid^="notice-"]')
      .include('[data-testid="chat-paused"]')
      .include('header')
      .withRules(['color-contrast'])
      .analyze();
    const problems = results.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    );
    expect(problems, `contrast in ${preset.name}`).toEqual([]);
    if (preset.id === 'ultra-dark' || preset.id === 'workspace-light') {
      for (const kind of ['ai-disclosure', 'crisis', 'adults-only'] as const) {
        await notice(page, kind).scrollIntoViewIfNeeded();
        await shoot(page, info, `${preset.id}-${kind}`);
      }
    }
  }
});
