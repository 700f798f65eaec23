import { expect, type Page } from '@playwright/test';
import { PRESET_THEMES } from '../../src/shared/themes/presets';
import { E2E_CONTROL_URL, E2E_URL } from './ports';
import {
  createCharacter,
  expectAccessible,
  presetsToCheck,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/** A signed-in user looking at a conversation with a few messages. */
async function openConversation(
  page: Page,
  label: string,
  info: Parameters<typeof uniqueEmail>[0],
) {
  const email = uniqueEmail(info, label);
  await skipChatSplash(page);
  await signInDirectly(page, email);
  const characterId = await createCharacter(page);
  const seeded = await page.request.post(`${E2E_CONTROL_URL}/history`, {
    data: { email, characterId, count: 4 },
  });
  const { id } = (await seeded.json()) as { id: number };
  await page.goto(`/chat/${id}?character=${characterId}`);
  await expect(page.getByRole('main').getByText('Message 4', { exact: true })).toBeVisible();
  await expect(page.getByTestId('chat-splash')).toHaveCount(0);
  return { email, url: `/chat/${id}?character=${characterId}` };
}

async function openThemeDialog(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole('button', { name: 'Open sidebar' }).click();
  }
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Change Theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Theme Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

const background = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

test('every preset colours the chat, and stays readable', async ({ page }, info) => {
  // Every preset in turn: 90 s of 120 on a machine slow to touch new memory (2026-11-27).
  test.setTimeout(240_000);
  await openConversation(page, 'presets', info);
  const shots = new Set(['midnight-blue', 'gamer-dark', 'workspace-light', 'corporate-clean']);
  for (const preset of presetsToCheck(info)) {
    const dialog = await openThemeDialog(page);
    await dialog.getByRole('radio', { name: preset.name }).click();
    await expect(dialog.getByRole('radio', { name: preset.name })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    if (preset.id === 'workspace-light') await snap(page, info, 'theme-dialog');
    await dialog.getByRole('button', { name: 'Apply Theme' }).click();
    await expect(page.getByText('Your theme has been applied successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.keyboard.press('Escape');
    expect(await cssVar(page, '--main')).toBe(preset.colors.main);
    expect(await background(page, 'message-ai')).not.toBe('');
    // Polled: the bubbles take the theme's colours as the page settles after the apply (they
    // read the previous theme's for a moment once, on a busy machine).
    const aiBubble = page.getByTestId('message-ai').first().locator('div').first();
    await expect
      .poll(() => aiBubble.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe(rgb(preset.colors.chatBubbleAI));
    const userBubble = page.getByTestId('message-user').first().locator('div').first();
    await expect
      .poll(() => userBubble.evaluate((el) => getComputedStyle(el).color))
      .toBe(rgb(preset.colors.textPrimary));
    // Every rule on the first theme; on the others only their colours changed.
    await expectAccessible(page, { contrastOnly: preset !== PRESET_THEMES[0] });
    if (shots.has(preset.id)) await snap(page, info, `theme-${preset.id}`);
  }
});

test('a custom theme: poor contrast warns, it follows the user to another device, and can be deleted', async ({
  page,
  browser,
}, info) => {
  const { url } = await openConversation(page, 'custom', info);
  const dialog = await openThemeDialog(page);
  // Pale backgrounds with a dark sidebar: the text stays white, which is hard to read.
  const set = async (label: string, hex: string) => {
    const field = dialog.getByLabel(`${label} hex value`);
    await field.fill(hex);
  };
  await set('Background', '#f2f2f2');
  await set('Sidebar', '#202020');
  await set('Your Messages', '#fde68a');
  await set('AI Messages', '#e5e7eb');
  await expect(dialog.getByTestId('theme-kind')).toHaveText('Dark theme');
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Theme name').fill('Sunny side');
  await snap(page, info, 'theme-creator');
  await save.click();
  await expect(page.getByText('Theme Saved')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Sunny side' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await dialog.getByRole('button', { name: 'Apply Theme' }).click();
  await expect(page.getByText('Color Contrast Warning')).toBeVisible();
  await expect(page.getByText(/Main background and text have insufficient contrast/)).toBeVisible();
  expect(await cssVar(page, '--main')).toBe('#f2f2f2');

  // A reload paints the theme from the start (no flash of the default first).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      observer.disconnect();
      (window as unknown as { firstMain: string }).firstMain = getComputedStyle(
        document.documentElement,
      )
        .getPropertyValue('--main')
        .trim();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstMain: string }).firstMain)).toBe(
    '#f2f2f2',
  );

  // Another browser signed in as the same user gets the same theme from the server.
  const other = await browser.newContext({
    viewport: page.viewportSize()!,
    storageState: {
      cookies: await page.context().cookies(),
      origins: [{ origin: E2E_URL, localStorage: [{ name: 'reverie.ageConfirmed', value: '1' }] }],
    },
  });
  const otherPage = await other.newPage();
  await otherPage.goto(E2E_URL + url);
  await expect(otherPage.getByRole('main').getByText('Message 4', { exact: true })).toBeVisible();
  await expect.poll(() => cssVar(otherPage, '--main')).toBe('#f2f2f2');
  await other.close();

  // Deleted: the chat goes back to the default theme.
  const again = await openThemeDialog(page);
  await again.getByRole('button', { name: 'Delete theme Sunny side' }).click();
  await expect(page.getByText('Theme deleted')).toBeVisible();
  await expect(again.getByRole('radio', { name: 'Sunny side' })).toHaveCount(0);
  await again.getByRole('button', { name: 'Apply Theme' }).click();
  await expect.poll(() => cssVar(page, '--main')).toBe('#0b0b10');
});

test('the theme dialog works with the keyboard alone', async ({ page }, info) => {
  await openConversation(page, 'keys', info);
  const dialog = await openThemeDialog(page);
  await expect(dialog.getByRole('radio', { name: 'Ultra Dark' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await dialog.getByRole('radio', { name: 'Deep Forest' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('radio', { name: 'Deep Forest' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Cancelled: nothing was applied.
  expect(await cssVar(page, '--main')).toBe('#0b0b10');
});
