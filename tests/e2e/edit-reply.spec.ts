import { expect, type Page } from '@playwright/test';
import { E2E_REPLY } from './llm-fixtures';
import {
  createCharacter,
  dismissToasts,
  expectAccessible,
  openChatWith,
  sendMessage as send,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Issue 45: the character's reply can be edited like the user's own message (in place, at no
 * cost), and 'Remember this' opens the fact without the reply's stage directions for the user to
 * edit before it is saved.
 */

const EDITED = 'The lamp glows warm as you step closer.';

async function openMemories(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Options for Selene' }).click();
  await page.getByRole('menuitem', { name: 'Memories' }).click();
  const dialog = page.getByRole('dialog', { name: 'What Selene remembers' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('edit a reply, then remember a reply as an edited fact', async ({ page }, info) => {
  await skipChatSplash(page);
  await signInDirectly(page, uniqueEmail(info, 'edit-reply'));
  await openChatWith(page, await createCharacter(page), 'Assistant');
  const replies = page.getByTestId('message-ai');
  await send(page, 'Where are we?');
  await expect(replies).toHaveCount(1);
  await expect(replies.first()).toContainText('she smiles');

  // Escape leaves the editor unchanged, with the focus back on Edit.
  const first = replies.first();
  await first.hover();
  const edit = first.getByRole('button', { name: 'Edit reply' });
  await edit.click();
  const box = first.getByRole('textbox', { name: 'Edit reply' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(E2E_REPLY);
  await box.fill(EDITED);
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(first).toContainText('she smiles');

  // Saved: the reply reads as edited, with no offer of a new reply, and stays so after a reload.
  await edit.click();
  await expect(box).toBeFocused();
  await expect(first.getByRole('button', { name: 'Save as new branch' })).toHaveCount(0);
  await box.fill(EDITED);
  await expectAccessible(page);
  await snap(page, info, 'edit-reply-editor');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(first).toContainText(EDITED);
  await expect(page.getByRole('group', { name: 'Regenerate the reply' })).toHaveCount(0);
  await expect(edit).toBeFocused();
  await page.reload();
  await expect(replies.first()).toContainText(EDITED);
  await expect(replies.first()).not.toContainText('she smiles');

  // 'Remember this' on a reply with a stage direction: the fact opens without it, to edit.
  await dismissToasts(page);
  await send(page, 'And then?');
  await expect(replies).toHaveCount(2);
  const second = replies.nth(1);
  const remember = second.getByRole('button', { name: 'Remember this' });
  await remember.click();
  const dialog = page.getByRole('dialog', { name: 'Remember this' });
  const fact = dialog.getByRole('textbox', { name: 'Memory' });
  await expect(fact).toBeFocused();
  await expect(fact).toHaveValue('The lamp flickers as you step closer, and at you.');
  await expect(dialog).toContainText('/ 4000');
  await expectAccessible(page);
  await snap(page, info, 'remember-this-dialog');

  // Cancel saves nothing; Save keeps what the user wrote.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remember).toBeFocused();
  await remember.click();
  await fact.fill('Selene keeps a lamp burning in the lighthouse');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Selene will remember this.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(remember).toBeFocused();

  await dismissToasts(page);
  const memories = await openMemories(page);
  const item = memories.getByTestId('memory');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Selene keeps a lamp burning in the lighthouse');
  await expect(item).toContainText('From a message in');
});
