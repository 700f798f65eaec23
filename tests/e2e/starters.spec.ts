import { expect, type Locator, type Page } from '@playwright/test';
import {
  dismissToasts,
  expectAccessible,
  openSidebarOnPhone,
  sendMessage,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

// The chat's loading splash has its own tests (chat.spec.ts).
test.beforeEach(({ page }) => skipChatSplash(page));

/** Presses Tab until `target` has the focus (at most `max` times): it is in the tab order. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a new account starts from a ready-made character: adopt it, then chat with it', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signInDirectly(page, uniqueEmail(info, 'starter'));
  await page.goto('/chat');

  // The empty dashboard offers the starters, each a card with its portrait and one button.
  const gallery = page.getByRole('region', { name: 'Or start with one of ours' });
  await expect(gallery.getByRole('article')).toHaveCount(10);
  const card = gallery.getByRole('article', { name: 'Marcus Vale' });
  await expect(card).toContainText('Professions · Male');
  const portrait = card.locator('img');
  await expect(portrait).toHaveAttribute('src', '/art/starter-jazz-bartender.svg');
  await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  const start = card.getByRole('button', { name: 'Start with Marcus Vale' });
  // Big enough for a finger, on a phone too.
  for (const button of await gallery.getByRole('button').all()) {
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expectAccessible(page);
  await snap(page, info, 'starters-dashboard');

  // Reached with the keyboard, adopted with Enter.
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat\?character=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('character'));
  await dismissToasts(page, 'Marcus Vale has been added to your collection.');

  // It is the user's own: in the sidebar with its portrait as avatar, open in the chat.
  await openSidebarOnPhone(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const listed = sidebar.getByRole('button', { name: /^Marcus Vale/ });
  await expect(listed).toBeVisible();
  await expect(listed.locator('img')).toHaveAttribute('src', /^\/avatars\/[\w-]+\.png$/);
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.keyboard.press('Escape');

  // Chat Mode starts with its greeting, and it answers.
  await page.getByRole('button', { name: 'Texting' }).click({ timeout: 20_000 });
  const ai = page.getByTestId('message-ai');
  await expect(ai.first()).toContainText('Last seat at the bar is yours, Tester.');
  await sendMessage(page, 'A long one. Surprise me.', 'Marcus Vale');
  await expect(page).toHaveURL(new RegExp(`/chat/\\d+\\?character=${id}$`));
  await expect(page.getByTestId('message-user')).toContainText('A long one. Surprise me.');
  await expect(page.getByRole('main').getByText('missed you today')).toBeVisible();
  await snap(page, info, 'starters-chat');

  // Editable like any character of theirs.
  await page.goto(`/edit/${id}`);
  await expect(page.getByLabel('Name')).toHaveValue('Marcus Vale');

  // Create Character offers them beside AI generation and 'Create manually'.
  await page.goto('/create');
  const offered = page.getByRole('region', { name: 'Start from a ready-made character' });
  await expect(offered.getByRole('button', { name: 'Start with Vesper' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create manually' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'starters-create');
});
