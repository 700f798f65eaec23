import { expect } from '@playwright/test';
import {
  createCharacter,
  expectAccessible,
  openChatWith,
  sendMessage,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

// The chat's loading splash has its own tests (chat.spec.ts).
test.beforeEach(({ page }) => skipChatSplash(page));

test('a character’s greetings: written in the edit form, sent first in Chat Mode, swiped through', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'greeted'));
  const id = await createCharacter(page);

  // The edit form: a greeting and one alternative ({{user}} is the user's name).
  await page.goto(`/edit/${id}`);
  const greeting = page.getByRole('textbox', { name: 'Greeting', exact: true });
  await greeting.fill('*closes her book* There you are, {{user}}.');
  const add = page.getByRole('button', { name: 'Add an alternative greeting' });
  // Each step's state is checked before the next click, so that a failure says which was lost.
  await expect(greeting).toHaveValue('*closes her book* There you are, {{user}}.');
  await expect(add).toBeEnabled();
  await add.click();
  const alternative = page.getByRole('textbox', { name: 'Alternative greeting 1' });
  await alternative.fill('Midnight again, {{user}}? Sit with me.');
  await expect(alternative).toHaveValue('Midnight again, {{user}}? Sit with me.');
  // A blank alternative cannot be followed by another.
  await expect(add).toBeEnabled();
  await add.click();
  await expect(add).toBeDisabled();
  await page.getByRole('button', { name: 'Remove alternative greeting 2' }).click();
  await expect(add).toBeEnabled();
  await expectAccessible(page);
  await snap(page, info, 'edit-greetings');
  await page.getByRole('button', { name: 'Update Character' }).click();
  await expect(page).toHaveURL(`/chat?character=${id}`);

  // Choosing a Chat Mode starts the conversation with the greeting, at no cost.
  await page.getByRole('button', { name: 'Texting' }).click({ timeout: 20_000 });
  const ai = page.getByTestId('message-ai');
  await expect(ai).toHaveCount(1);
  await expect(ai.first()).toContainText('There you are, Tester.');
  await expect(page).toHaveURL(/\/chat\/\d+/);
  const versions = ai.first().getByTestId('versions');
  await expect(versions).toContainText('1/2');
  // A greeting is not an answer to anything: it cannot be regenerated.
  await ai.first().hover();
  await expect(ai.first().getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  await ai.first().getByRole('button', { name: 'Next version' }).click();
  await expect(versions).toContainText('2/2');
  await expect(ai.first()).toContainText('Midnight again, Tester? Sit with me.');
  await snap(page, info, 'chat-greeting');

  // Answering it continues from the greeting shown.
  await sendMessage(page, 'Hello, Selene');
  await expect(ai).toHaveCount(2);
  await expect(page.getByTestId('message-user')).toContainText('Hello, Selene');
  await expect(ai.first()).toContainText('Midnight again');
  await page.reload();
  await expect(ai.first()).toContainText('Midnight again', { timeout: 20_000 });
  await expect(ai).toHaveCount(2);
});

test('without greetings the user speaks first, as before', async ({ page }, info) => {
  await signInDirectly(page, uniqueEmail(info, 'ungreeted'));
  const id = await createCharacter(page, {
    name: 'Nova',
    description: 'A retired starship pilot, forty and fearless.',
    gender: 'female',
    personality: 'Bold and warm; tells stories of the outer colonies.',
  });
  await openChatWith(page, id, 'Texting');
  await expect(page.getByText('Say hello to Nova!')).toBeVisible();
  await expect(page.getByTestId('message-ai')).toHaveCount(0);
  await expect(page).toHaveURL(`/chat?character=${id}`);
});
