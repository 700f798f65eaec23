import { expect, type Locator, type Page } from '@playwright/test';
import {
  createCharacter,
  dismissToasts,
  expectAccessible,
  openChatWith,
  openSidebarOnPhone,
  sendMessage as send,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Issue 45: a conversation shows its mode (in Recent Chats and the header), starts another with
 * the same character from its header ('New chat'), is renamed from its row's menu, and Recent
 * Chats can be searched by title and by what was said.
 */

const recentChats = (page: Page) => page.getByRole('region', { name: 'Recent Chats' });
/** On a phone, a control is at least 44 px each way (a finger's size). */
async function expectTouchable(page: Page, control: Locator) {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return;
  const box = (await control.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
}

const row = (page: Page, title: string | RegExp) =>
  recentChats(page).getByRole('listitem').filter({ hasText: title });

test('mode labels, New chat, rename and search', async ({ page }, info) => {
  await skipChatSplash(page);
  await signInDirectly(page, uniqueEmail(info, 'conversations'));
  const characterId = await createCharacter(page);
  const header = page.getByRole('banner');

  // A Texting conversation: its header says so.
  await openChatWith(page, characterId, 'Texting');
  await send(page, 'Tell me about the harbour lanterns');
  await expect(page.getByTestId('message-ai').first()).toBeVisible();
  await expect(header.getByTestId('mode-label')).toHaveText('Texting');

  // 'New chat' in the header: the mode chooser again; the focus stays on the button.
  const newChat = header.getByRole('button', { name: 'New chat' });
  await newChat.click();
  await expect(page).toHaveURL(`/chat?character=${characterId}`);
  await expect(page.getByRole('heading', { name: 'Chat Mode' })).toBeVisible();
  await expect(newChat).toBeFocused();
  await expect(header.getByTestId('mode-label')).toHaveCount(0);
  await page.getByRole('button', { name: 'Assistant' }).click();
  await send(page, 'What should I read tonight?');
  await expect(page.getByTestId('message-ai')).toHaveCount(1);
  await expect(page).toHaveURL(/\/chat\/\d+\?character=/);
  await expect(header.getByTestId('mode-label')).toHaveText('Assistant');
  await snap(page, info, 'conversation-header');
  await expectTouchable(page, newChat);
  // The character's menu, the message box's send and intimacy buttons: a finger's size too.
  await expectTouchable(page, header.getByRole('button', { name: /^Options for / }));
  await expectTouchable(page, page.getByRole('button', { name: 'Send message' }));

  // Both conversations in Recent Chats, each with its mode.
  await openSidebarOnPhone(page);
  const texting = row(page, 'Tell me about the harbour lanterns');
  const assistant = row(page, 'What should I read tonight?');
  await expect(texting.getByTestId('mode-label')).toHaveText('Texting');
  await expect(assistant.getByTestId('mode-label')).toHaveText('Assistant');

  // Rename from the row's menu: Escape leaves it and gives the focus back to the menu's button.
  const options = texting.getByRole('button', { name: /^Options for conversation/ });
  await expectTouchable(page, options);
  await options.click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const name = recentChats(page).getByRole('textbox', { name: 'Conversation name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Tell me about the harbour lanterns');
  await name.fill('Changed my mind');
  await page.keyboard.press('Escape');
  await expect(options).toBeFocused();
  await expect(texting).toContainText('Tell me about the harbour lanterns');
  await options.click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await name.fill('Harbour evenings');
  await expectTouchable(page, recentChats(page).getByRole('button', { name: 'Save name' }));
  await snap(page, info, 'conversation-rename');
  await page.keyboard.press('Enter');
  const renamed = row(page, 'Harbour evenings');
  await expect(renamed).toHaveCount(1);
  await expect(
    renamed.getByRole('button', { name: 'Options for conversation Harbour evenings' }),
  ).toBeFocused();
  await dismissToasts(page, 'Conversation renamed');
  // The header's conversation is not the renamed one: its name stays after a reload too.
  await page.reload();
  await openSidebarOnPhone(page);
  await expect(row(page, 'Harbour evenings')).toHaveCount(1);

  // Search: by what was said (with the words around them), by title, nothing, then clear.
  const search = recentChats(page).getByRole('searchbox', { name: 'Search chats' });
  await expectTouchable(page, search);
  await search.fill('lanterns');
  await expectTouchable(page, recentChats(page).getByRole('button', { name: 'Clear search' }));
  await expect(recentChats(page).getByRole('listitem')).toHaveCount(1);
  await expect(row(page, 'Harbour evenings').getByTestId('snippet')).toHaveText(
    'Tell me about the harbour lanterns',
  );
  await snap(page, info, 'conversation-search');
  await expectAccessible(page);
  await search.fill('READ TONIGHT');
  await expect(recentChats(page).getByRole('listitem')).toHaveCount(1);
  await expect(recentChats(page).getByRole('listitem')).toContainText('What should I read');
  await search.fill('nothing like this');
  await expect(recentChats(page)).toContainText('No conversations match “nothing like this”.');
  await expect(recentChats(page).getByRole('listitem')).toHaveCount(0);
  await snap(page, info, 'conversation-search-empty');
  await recentChats(page).getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await expect(recentChats(page).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);

  // A search result opens its conversation.
  await search.fill('harbour');
  await row(page, 'Harbour evenings').getByRole('link').click();
  await expect(page.getByTestId('message-user')).toContainText(
    'Tell me about the harbour lanterns',
  );
  await expect(header.getByTestId('mode-label')).toHaveText('Texting');
});
