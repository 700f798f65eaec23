import { expect, type Page } from '@playwright/test';
import { E2E_NO_MODEL_DATA_DIR, E2E_NO_MODEL_URL } from './ports';
import { withSiteSwitchLock } from './site-switch-lock';
import {
  confirmAgeIn,
  createCharacter,
  expectAccessible,
  SELENE,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * A new operator's first run: the server has no language model. Nobody can get a reply, so the
 * chat says so, keeps what people type, and creates nothing that would only sit empty.
 */
const noModelServer = { url: E2E_NO_MODEL_URL, dataDir: E2E_NO_MODEL_DATA_DIR };

async function openChat(page: Page, email: string) {
  await confirmAgeIn(page.context(), E2E_NO_MODEL_URL);
  await skipChatSplash(page);
  await signInDirectly(page, email, undefined, noModelServer);
  const id = await createCharacter(page, SELENE, E2E_NO_MODEL_URL);
  await page.goto(`${E2E_NO_MODEL_URL}/chat?character=${id}`);
  await expect(page.getByText('Select a mode to start chatting')).toBeVisible();
  await expect(page.getByTestId('chat-splash')).toHaveCount(0);
}

test('without a model the chat says so, keeps the draft and creates nothing', async ({
  page,
}, info) => {
  // Not while brand.spec.ts has this app's replies paused (site-switch-lock.ts).
  await withSiteSwitchLock(async () => {
    await openChat(page, uniqueEmail(info, 'first-run'));
    const notice = page.getByTestId('no-model-notice');
    await expect(notice).toContainText('This server has no language model configured yet');
    // Only staff are told which settings to change.
    await expect(notice).not.toContainText('LLM_BASE_URL');
    await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Online')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, info, 'chat-no-model');

    await page.getByRole('button', { name: 'Texting' }).click();
    const box = page.getByPlaceholder('Message Selene...');
    await box.fill('Hello, anyone there?');
    await box.press('Enter');
    await expect(page.getByText('No language model is configured')).toBeVisible();
    await expect(box).toHaveValue('Hello, anyone there?');
    await expect(page).toHaveURL(/\/chat\?character=\d+$/);

    // A story start leaves nothing behind either, and the idea is still there.
    await page.reload();
    await page.getByRole('button', { name: 'Start a story' }).click();
    const idea = page.getByPlaceholder('Describe what you’d like to experience...');
    await idea.fill('A storm at a lighthouse');
    await idea.press('Enter');
    await expect(page.getByText('No language model is configured')).toBeVisible();
    await expect(idea).toHaveValue('A storm at a lighthouse');
    const conversations = await page.request.get(`${E2E_NO_MODEL_URL}/api/conversations`);
    expect(await conversations.json()).toEqual([]);
  });
});

test('staff are told what to set', async ({ page }, info) => {
  await openChat(page, `ops.${info.project.name}@example.com`);
  const notice = page.getByTestId('no-model-notice');
  await expect(notice).toContainText('LLM_BASE_URL');
  await expect(notice).toContainText('LLM_MODELS');
  await expect(notice).toContainText('http://localhost:11434/v1');
  await snap(page, info, 'chat-no-model-staff');
});
