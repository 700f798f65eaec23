import { expect } from '@playwright/test';
import { E2E_LONG_REPLY, E2E_LONG_TRIGGER } from './llm-fixtures';
import {
  createCharacter,
  SELENE,
  sendMessage,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * A reply survives a dropped connection (issue 44): the connection ends mid-reply, the reply on
 * screen stays and says 'Reconnecting…', and the app follows the reply again from the last event
 * it saw: it goes on where it stopped, to its end, each word once. The drop is made in the
 * browser's network layer: the reply's own response is cut after a few words (the server's run
 * goes on), and the reconnect is held until the test has looked.
 */
test('a reply whose connection drops says Reconnecting…, then goes on where it stopped', async ({
  page,
}, info) => {
  await skipChatSplash(page);
  await signInDirectly(page, uniqueEmail(info, 'reconnect'));
  const characterId = await createCharacter(page, SELENE);
  await page.goto(`/chat?character=${characterId}`);
  await page.getByRole('button', { name: 'Assistant' }).click({ timeout: 20_000 });

  // The reply's response ends after its first three words: the connection dropped.
  await page.route('**/api/assistant', async (route) => {
    const response = await route.fetch();
    const blocks = (await response.text()).split('\n\n');
    // The blocks up to the token that completes the third word.
    let told = '';
    const cut = blocks.findIndex((block) => {
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (block.startsWith('event: token') && data)
        told += (JSON.parse(data) as { text: string }).text;
      return told.includes('over2');
    });
    await route.fulfill({ response, body: `${blocks.slice(0, cut + 1).join('\n\n')}\n\n` });
  });
  let letReconnect!: () => void;
  const reconnectMay = new Promise<void>((resolve) => (letReconnect = resolve));
  const lastEventIds: (string | undefined)[] = [];
  await page.route('**/api/replies/*/events', async (route) => {
    lastEventIds.push(route.request().headers()['last-event-id']);
    await reconnectMay;
    await route.continue();
  });
  await sendMessage(page, `Please ${E2E_LONG_TRIGGER}`);

  const reconnecting = page.getByTestId('reply-reconnecting');
  await expect(reconnecting).toBeVisible();
  await expect(reconnecting).toHaveAttribute('role', 'status');
  await expect(reconnecting).toHaveText('Reconnecting…');
  // What was shown stays shown.
  await expect(page.getByText('Moonlight0 spills1 over2')).toBeVisible();
  await snap(page, info, 'reply-reconnecting');
  // The app asks for the rest a moment after the drop, naming the last event it saw.
  await expect.poll(() => lastEventIds.length).toBe(1);
  expect(lastEventIds[0]).toMatch(/^1\.\d+$/); // after the "not a human" notice and the words
  letReconnect();

  // The whole reply, once, and stored so (its words: the toolbar under it says what
  // Regenerate and Continue cost).
  const replyText = () => page.getByTestId('message-ai').last().locator('.message-text');
  await expect(replyText()).toHaveText(E2E_LONG_REPLY, { timeout: 20_000 });
  await expect(reconnecting).toHaveCount(0);
  await page.unrouteAll();
  await page.reload();
  await expect(replyText()).toHaveText(E2E_LONG_REPLY);
});
