import { expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { base64, pngWith, v2Card } from '../support/card-fixtures';
import { E2E_TEXTING_REPLY } from './llm-fixtures';
import {
  expectAccessible,
  expectFingerSized,
  sendMessage,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

// The chat's loading splash has its own tests (chat.spec.ts).
test.beforeEach(({ page }) => skipChatSplash(page));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NEW_LORE = 'The lamp was relit by Mira herself after the storm of ninety-one.';

/** Mira from a SillyTavern PNG card (its lorebook included), created and opened in Texting. */
async function importMira(page: Page) {
  await page.goto('/chat');
  await page.getByRole('main').getByRole('button', { name: 'Import character' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import character' });
  await dialog.getByLabel('Character card file').setInputFiles({
    name: 'mira.png',
    mimeType: 'image/png',
    buffer: pngWith([{ keyword: 'chara', text: base64(v2Card) }]),
  });
  await expect(page).toHaveURL('/create');
  const form = page.getByRole('form', { name: 'Character details' });
  await form.getByRole('combobox', { name: 'Gender' }).selectOption('female');
  await form.getByRole('button', { name: 'Create Character' }).click();
  await expect(page).toHaveURL(/\/chat\?character=\d+/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Texting' }).click({ timeout: 20_000 });
  await expect(page.getByTestId('message-ai').first()).toBeVisible();
}

async function openMenuItem(page: Page, item: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Options for Mira' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('an imported card’s lorebook edited and saved, chatted with (a reply marks the entries it used), and exported as a PNG card', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'lorebook'));
  await importMira(page);

  // The card's two entries, by name or first key, each with its switch.
  await openMenuItem(page, 'Lorebook');
  const panel = page.getByRole('dialog', { name: 'Mira’s lorebook' });
  const entries = panel.getByTestId('lorebook-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Lamp');
  await expect(entries.nth(1)).toContainText('harbour');
  await expect(panel.getByRole('switch', { name: 'Enabled: harbour' })).not.toBeChecked();
  const edit = panel.getByRole('button', { name: 'Edit Lamp' });
  const box = await edit.boundingBox();
  if (info.project.name === 'phone') expect(box!.height).toBeGreaterThanOrEqual(44);
  // A switch is a finger's size too, though its track is drawn 24 px high.
  const enabled = await panel.getByRole('switch', { name: 'Enabled: Lamp' }).boundingBox();
  expect(Math.min(enabled!.width, enabled!.height)).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await snap(page, info, 'lorebook-panel');
  await expectFingerSized(page, info);
  await panel.getByRole('button', { name: 'Delete harbour' }).click();
  await expect(panel.getByRole('group', { name: 'Delete harbour?' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'lorebook-question');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: 'Delete harbour' })).toBeFocused();

  // Edited by keyboard: focus on the first field, Escape leaves the editor before the panel.
  await edit.click();
  const editor = panel.getByRole('form', { name: 'Edit entry' });
  await expect(editor.getByRole('textbox', { name: 'Name (optional)' })).toBeFocused();
  await expect(editor.getByRole('textbox', { name: 'Keywords', exact: true })).toHaveValue(
    'lighthouse, lamp',
  );
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(panel).toBeVisible();

  await edit.click();
  await editor.getByRole('textbox', { name: 'Content' }).fill(NEW_LORE);
  await snap(page, info, 'lorebook-editor');
  await expectFingerSized(page, info);
  await editor.getByRole('button', { name: 'Save entry' }).click();
  await expect(editor).toBeHidden();
  await expect(entries.first()).toContainText(NEW_LORE);

  // Saved on the server: the panel opened again reads it back.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await openMenuItem(page, 'Lorebook');
  await expect(entries.first()).toContainText(NEW_LORE);
  await page.keyboard.press('Escape');

  // The chat goes on with the book in it: a message with none of its keys first.
  const ai = page.getByTestId('message-ai');
  await sendMessage(page, 'Shall I put the kettle on?', 'Mira');
  await expect(ai).toHaveCount(2, { timeout: 20_000 });
  await expect(ai.nth(1)).toContainText(E2E_TEXTING_REPLY.split('\n')[0]!, { timeout: 20_000 });

  // The lamp in a storm (the Lamp entry's key and its second key): the reply says it used it.
  await sendMessage(page, 'Is the lamp lit in this storm?', 'Mira');
  await expect(ai).toHaveCount(3, { timeout: 20_000 });
  // Its bubbles all revealed first: the list then opens where it stays.
  await expect(ai.nth(2)).toContainText(E2E_TEXTING_REPLY.split('\n').at(-1)!, {
    timeout: 20_000,
  });
  const marker = ai.nth(2).getByRole('button', { name: 'Lore used: 1 entry' });
  await expect(marker).toHaveText('Lore · 1', { timeout: 20_000 });
  // Shown as the streamed reply was stored, no reload; the reply before, with no key, has none.
  await expect(ai.nth(1).getByRole('button', { name: /^Lore used/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Lore used/ })).toHaveCount(1);
  if (info.project.name === 'phone') {
    const markerBox = await marker.boundingBox();
    expect(markerBox!.height).toBeGreaterThanOrEqual(44);
    expect(markerBox!.width).toBeGreaterThanOrEqual(44);
  }
  await marker.click();
  const used = ai.nth(2).getByRole('region', { name: 'Lore used' });
  await expect(used).toContainText('Entries from the lorebook this reply used:');
  await expect(used.getByRole('listitem')).toHaveText(['Lamp']);
  await expectAccessible(page);
  await snap(page, info, 'lorebook-lore-marker');
  // Escape closes it and leaves the focus on the marker; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(used).toBeHidden();
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(used.getByRole('listitem')).toHaveText(['Lamp']);
  await page.keyboard.press('Escape');
  await expect(used).toBeHidden();

  // Export: three files, the PNG card downloaded with its V3 chunk.
  await openMenuItem(page, 'Export');
  const exportDialog = page.getByRole('dialog', { name: 'Export Mira' });
  await expect(exportDialog.getByRole('link')).toHaveCount(3);
  await expect(
    exportDialog.getByRole('link', { name: /JSON \(Character Card V3\)/ }),
  ).toBeVisible();
  await expect(exportDialog.getByRole('link', { name: /CHARX \(with picture\)/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'lorebook-export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('link', { name: /PNG card \(SillyTavern, Chub…\)/ }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.includes('ccv3')).toBe(true);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
});
