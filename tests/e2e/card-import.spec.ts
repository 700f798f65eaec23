import { expect } from '@playwright/test';
import { base64, pngWith, v2Card } from '../support/card-fixtures';
import { E2E_TEXTING_REPLY } from './llm-fixtures';
import {
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

/** Longer than the create form's 100 characters: the form must say how much to cut. */
const LONG_DESCRIPTION =
  'A lighthouse keeper on a stormy coast who has not seen the mainland in years, ' +
  'and keeps the lamp and the log with equal care.';
const SHORT_DESCRIPTION = 'A lighthouse keeper on a stormy coast.';

/** A SillyTavern-style PNG card: the V2 card as base64 in a `chara` text chunk. */
const cardPng = () =>
  pngWith([
    {
      keyword: 'chara',
      text: base64({ ...v2Card, data: { ...v2Card.data, description: LONG_DESCRIPTION } }),
    },
  ]);

test('a PNG card imported, checked in the filled-in form, created and chatted with', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'importer'));
  await page.goto('/chat');

  // Beside 'Create Character', in the sidebar and on a new account's welcome.
  const welcome = page.getByRole('main');
  await expect(welcome.getByRole('link', { name: 'Create Character' })).toBeVisible();
  const importButton = welcome.getByRole('button', { name: 'Import character' });
  await expect(importButton).toBeVisible();
  await snap(page, info, 'card-import-welcome');
  await openSidebarOnPhone(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const sidebarImport = sidebar.getByRole('button', { name: 'Import character' });
  await expect(sidebarImport).toBeVisible();
  const box = await sidebarImport.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await snap(page, info, 'card-import-sidebar');
  await page.keyboard.press('Escape');

  // The dialog, by keyboard: it opens on its button and says what it takes.
  await importButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Import character' });
  await expect(dialog.getByText('a .png, .json or .charx file up to 20 MB')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose a file' })).toBeFocused();
  await expectAccessible(page);
  await snap(page, info, 'card-import-dialog');

  // A file that is no card: the server's reason, and the dialog stays.
  const fileInput = dialog.getByLabel('Character card file');
  await fileInput.setInputFiles({
    name: 'plain.png',
    mimeType: 'image/png',
    buffer: pngWith([]),
  });
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(page).toHaveURL('/chat');

  await fileInput.setInputFiles({ name: 'mira.png', mimeType: 'image/png', buffer: cardPng() });

  // The create form, filled in; the description whole, with what must be cut.
  await expect(page).toHaveURL('/create');
  const form = page.getByRole('form', { name: 'Character details' });
  await expect(form.getByRole('status')).toContainText('The description is');
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Mira');
  const description = form.getByRole('textbox', { name: 'Description' });
  await expect(description).toHaveValue(LONG_DESCRIPTION);
  await expect(
    form.getByText(`${LONG_DESCRIPTION.length - 100} characters over the limit of 100`),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Greeting', exact: true })).toHaveValue(
    'Come in out of the rain, {{user}}.',
  );
  await expect(form.getByRole('textbox', { name: 'Alternative greeting 1' })).toHaveValue(
    'The kettle is on.',
  );
  // The card's image, stored as the avatar.
  await expect(form.locator('img[src^="/avatars/"]').first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'card-import-form');

  // Cut, the gender chosen (cards have none), created.
  await description.fill(SHORT_DESCRIPTION);
  await expect(description).toHaveAttribute('aria-invalid', 'false');
  await form.getByRole('combobox', { name: 'Gender' }).selectOption('female');
  await form.getByRole('button', { name: 'Create Character' }).click();
  await expect(page).toHaveURL(/\/chat\?character=\d+/, { timeout: 20_000 });

  // The card's greeting opens the chat, and the character answers.
  await page.getByRole('button', { name: 'Texting' }).click({ timeout: 20_000 });
  const ai = page.getByTestId('message-ai');
  await expect(ai.first()).toContainText('Come in out of the rain, Tester.');
  await sendMessage(page, 'Is the lamp lit tonight?', 'Mira');
  await expect(ai).toHaveCount(2, { timeout: 20_000 });
  await expect(ai.nth(1)).toContainText(E2E_TEXTING_REPLY.split('\n')[0]!, {
    timeout: 20_000,
  });
  await snap(page, info, 'card-import-chat');
});
