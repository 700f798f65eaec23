import { expect, type Locator, type Page } from '@playwright/test';
import { e2eAvatarImage, E2E_WHO_AM_I_TRIGGER } from './llm-fixtures';
import {
  createCharacter,
  dismissToasts,
  expectAccessible,
  expectFingerSized,
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

const VALE = 'Captain Vale';
const ABOUT_VALE = 'A retired sky captain with a silver beard and a taste for storms.';

/** Profile → Personas, from the user menu (in the sidebar, a slide-over on phones). */
async function openPersonas(page: Page) {
  await openSidebarOnPhone(page);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'User Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Edit Profile' });
  await profile.getByRole('button', { name: 'Personas', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Personas' });
  await expect(panel).toBeVisible();
  return { profile, panel };
}

/** Escape closes the panel (the focus back on its button), then the profile, then the sidebar. */
async function closePersonas(page: Page, { profile, panel }: { profile: Locator; panel: Locator }) {
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(profile.getByRole('button', { name: 'Personas', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  if (await page.getByTestId('sidebar-backdrop').isVisible()) await page.keyboard.press('Escape');
}

/** Asks who the user is; the model's stand-in answers with what its prompt says. */
async function askWhoIAm(page: Page, replies: number) {
  await sendMessage(page, E2E_WHO_AM_I_TRIGGER);
  const ai = page.getByTestId('message-ai');
  await expect(ai).toHaveCount(replies, { timeout: 20_000 });
  return ai.nth(replies - 1);
}

test('a persona added, chosen for a new chat, switched back to the profile from the header, and deleted', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  await signInDirectly(page, uniqueEmail(info, 'personas'));
  const characterId = await createCharacter(page);
  await page.goto(`/chat?character=${characterId}`);
  await expect(page.getByRole('button', { name: 'Texting' })).toBeVisible({ timeout: 20_000 });
  // Nobody to choose yet but the profile: no choice on the chooser.
  await expect(page.getByRole('group', { name: 'Chat as' })).toHaveCount(0);

  // The profile comes first, edited in the profile itself.
  let dialogs = await openPersonas(page);
  const { panel } = dialogs;
  const personas = panel.getByTestId('persona');
  await expect(personas).toHaveCount(1);
  await expect(personas.first()).toContainText('Tester');
  await expect(personas.first()).toContainText('From your profile — edit it in Profile');
  await expect(personas.first().getByRole('button')).toHaveCount(0);

  // By keyboard: the name is focused first, Escape leaves the editor (not the panel) and the
  // focus goes back to the button that opened it.
  const add = panel.getByRole('button', { name: 'Add persona' });
  await add.click();
  const editor = panel.getByRole('form', { name: 'New persona' });
  await expect(editor.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(add).toBeFocused();

  // Added with a description (counted) and a picture.
  await add.click();
  await editor.getByRole('textbox', { name: 'Name' }).fill(VALE);
  await editor.getByRole('textbox', { name: 'Description (optional)' }).fill(ABOUT_VALE);
  await expect(editor.getByText(`${ABOUT_VALE.length} / 1000`)).toBeVisible();
  await editor.getByLabel('Persona picture').setInputFiles({
    name: 'vale.png',
    mimeType: 'image/png',
    buffer: await e2eAvatarImage(),
  });
  await expect(editor.getByRole('button', { name: 'Change picture' })).toBeVisible();
  await snap(page, info, 'persona-editor');
  await expectFingerSized(page, info);
  await editor.getByRole('button', { name: 'Add persona' }).click();
  await expect(editor).toBeHidden();
  await expect(personas).toHaveCount(2);
  const vale = personas.nth(1);
  await expect(vale).toContainText(VALE);
  await expect(vale).toContainText(ABOUT_VALE);
  await expect(vale.locator('img')).toHaveAttribute('src', /\/avatars\//);

  // Edited: the new words are saved.
  const edit = vale.getByRole('button', { name: `Edit ${VALE}` });
  if (phone) expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await edit.click();
  const editing = panel.getByRole('form', { name: `Edit ${VALE}` });
  await expect(editing.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await editing
    .getByRole('textbox', { name: 'Description (optional)' })
    .fill(`${ABOUT_VALE} Answers to "Captain".`);
  await editing.getByRole('button', { name: 'Save persona' }).click();
  await expect(editing).toBeHidden();
  await expect(vale).toContainText('Answers to "Captain".');
  await expect(edit).toBeFocused();
  await dismissToasts(page, 'Persona saved');
  await expectAccessible(page);
  await snap(page, info, 'personas-panel');
  await expectFingerSized(page, info);
  await closePersonas(page, dialogs);

  // A new chat offers the choice: the profile unless another is picked.
  await page.goto(`/chat?character=${characterId}`);
  const chatAs = page.getByRole('group', { name: 'Chat as' });
  await expect(chatAs.getByRole('radio', { name: 'Tester' })).toBeChecked({ timeout: 20_000 });
  const valeChoice = chatAs.getByRole('radio', { name: VALE });
  if (phone) {
    const label = chatAs.locator('label').filter({ hasText: VALE });
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await valeChoice.check();
  await expectAccessible(page);
  await snap(page, info, 'persona-choice');
  await page.getByRole('button', { name: 'Texting' }).click();

  // The model is told the user is Captain Vale, not the profile's Tester.
  let reply = await askWhoIAm(page, 1);
  await expect(reply).toContainText(`You are talking with ${VALE}`);
  await expect(reply).not.toContainText('Tester');

  // The header says so, and changes it: back to the profile.
  const header = page.getByRole('banner');
  const personaButton = header.getByRole('button', { name: `Persona: ${VALE}` });
  await expect(personaButton).toBeVisible();
  if (phone) expect((await personaButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await snap(page, info, 'persona-in-header');
  await personaButton.click();
  const chooser = page.getByRole('dialog', { name: 'Who are you in this chat?' });
  await expect(chooser.getByRole('button', { name: VALE })).toHaveAttribute('aria-pressed', 'true');
  await expect(chooser.getByRole('button', { name: VALE })).toBeFocused();
  await expectAccessible(page);
  await snap(page, info, 'persona-chooser');
  await expectFingerSized(page, info);
  await chooser.getByRole('button', { name: 'Tester' }).click();
  await expect(chooser).toBeHidden();
  const profileButton = header.getByRole('button', { name: 'Persona: Tester' });
  await expect(profileButton).toBeFocused();
  await dismissToasts(page, 'You are Tester in this chat');

  // The next prompt uses the profile.
  reply = await askWhoIAm(page, 2);
  await expect(reply).toContainText('You are talking with Tester');
  await expect(reply).not.toContainText(VALE);

  // Deleted (asked first): only the profile is left, and the header offers no choice.
  dialogs = await openPersonas(page);
  await expect(personas).toHaveCount(2);
  await vale.getByRole('button', { name: `Delete ${VALE}` }).click();
  await expect(vale).toContainText(`Delete ${VALE}? Chats that use it go on as your profile.`);
  await expect(vale.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await snap(page, info, 'persona-delete-question');
  await vale.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(personas).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Add persona' })).toBeFocused();
  await closePersonas(page, dialogs);
  await expect(profileButton).toHaveCount(0);
});
