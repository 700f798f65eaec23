import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { E2E_LONG_CONTINUATION, E2E_REPLY, E2E_SLOW_CONTINUE_TRIGGER } from './llm-fixtures';
import {
  createCharacter,
  openChatWith,
  sendMessage,
  showToolbar,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Continue on a reply already on screen (issue 45, defect 1): the reply stays where it is, with
 * its text, and grows as the continuation streams; the new-chat splash ('Starting your
 * fantasy') never stands in for it, not even while its connection is made again. The model's
 * stand-in continues a reply word by word when the thread asks it to go on slowly.
 */

/** The reply as it reads on screen (markdown drawn: no asterisks). */
const ORIGINAL = E2E_REPLY.replaceAll('*', '');
/** The stored reply after Continue: the addition joined with a space (continuationJoin). */
const CONTINUED = `${ORIGINAL} ${E2E_LONG_CONTINUATION}`;
const SPLASH = 'Starting your fantasy';

/** A conversation whose one reply can be continued slowly; answers that reply's text. */
async function replyToContinue(page: Page, label: string, info: TestInfo) {
  await skipChatSplash(page);
  await signInDirectly(page, uniqueEmail(info, label));
  await openChatWith(page, await createCharacter(page), 'Assistant');
  await sendMessage(page, `Light the lamp, ${E2E_SLOW_CONTINUE_TRIGGER}`);
  const reply = page.getByTestId('message-ai').last();
  // Stored (it has its id and its toolbar), with its whole text.
  await expect(reply).toHaveAttribute('data-message-id', /^\d+$/, { timeout: 20_000 });
  await expect(reply.locator('.message-text')).toHaveText(ORIGINAL);
  return reply;
}

/**
 * From now on, every text the reply shows, how often it was missing from the page, and how often
 * the splash was on it: each change of the page is looked at as it happens.
 */
async function watch(reply: Locator) {
  const id = await reply.getAttribute('data-message-id');
  await reply.page().evaluate(
    ({ id, splash }) => {
      const seen = { texts: [] as string[], missing: 0, splash: 0 };
      (window as unknown as { replyWatch: typeof seen }).replyWatch = seen;
      const look = () => {
        const text = document.querySelector(`[data-message-id="${id}"] .message-text`);
        if (!text) seen.missing++;
        else if (seen.texts.at(-1) !== text.textContent) seen.texts.push(text.textContent ?? '');
        if (document.body.textContent?.includes(splash)) seen.splash++;
      };
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      look();
    },
    { id, splash: SPLASH },
  );
  return () =>
    reply.page().evaluate(() => {
      const seen = (
        window as unknown as { replyWatch: { texts: string[]; missing: number; splash: number } }
      ).replyWatch;
      return { ...seen, texts: [...seen.texts] };
    });
}

test('Continue keeps the reply on screen and grows it as the continuation streams', async ({
  page,
}, info) => {
  const reply = await replyToContinue(page, 'continue', info);
  const text = reply.locator('.message-text');
  const seen = await watch(reply);

  await reply.getByRole('button', { name: /^Continue/ }).click();
  // While it streams: the reply in its place, its first words and then some of the rest.
  await expect(text).toContainText(`${ORIGINAL} and0 the1`);
  await expect(page.getByText(SPLASH)).toHaveCount(0);
  await snap(page, info, 'reply-continuing');
  await expect(text).toHaveText(CONTINUED, { timeout: 20_000 });
  // Done: the toolbar may be used again, and nothing more is on its way.
  await expect(reply.getByRole('button', { name: /^Continue/ })).toBeEnabled();
  await expect(page.getByRole('status', { name: 'Typing' })).toHaveCount(0);

  const { texts, missing, splash } = await seen();
  expect(missing).toBe(0); // never gone from the page
  expect(splash).toBe(0); // the splash never showed
  expect(texts[0]).toBe(ORIGINAL);
  expect(texts.at(-1)).toBe(CONTINUED);
  // It grew: each text the one before with more words, some of them between the two ends (a
  // busy machine's stand-in catches up late words in bursts, so fewer steps than words).
  for (let i = 1; i < texts.length; i++) expect(texts[i]!.startsWith(texts[i - 1]!)).toBe(true);
  expect(texts.length).toBeGreaterThan(3);
  await expect(page.getByTestId('message-ai')).toHaveCount(1);

  // Stored as shown.
  await page.reload();
  await expect(page.getByTestId('message-ai').last().locator('.message-text')).toHaveText(
    CONTINUED,
  );

  // A new version of it: the splash does not stand in for it either.
  const again = page.getByTestId('message-ai').last();
  const seenAgain = await watch(again);
  // After the reload the toolbar is closed again (on a phone, read only by a screen reader until
  // the reply is tapped): opened as a user opens it.
  await showToolbar(again, info);
  await again.getByRole('button', { name: /^Regenerate/ }).click();
  await expect(again.getByLabel('Version 2 of 2')).toBeVisible({ timeout: 20_000 });
  await expect(again.locator('.message-text')).toHaveText(ORIGINAL);
  expect((await seenAgain()).splash).toBe(0);
});

test('a continue whose connection drops keeps the reply and says Reconnecting…', async ({
  page,
}, info) => {
  const reply = await replyToContinue(page, 'continue-reconnect', info);
  const text = reply.locator('.message-text');

  // The continue's response ends after its first three words: the connection dropped.
  await page.route('**/api/messages/*/continue', async (route) => {
    const response = await route.fetch();
    const blocks = (await response.text()).split('\n\n');
    let told = '';
    const cut = blocks.findIndex((block) => {
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (block.startsWith('event: token') && data)
        told += (JSON.parse(data) as { text: string }).text;
      return told.includes('lamp2');
    });
    await route.fulfill({ response, body: `${blocks.slice(0, cut + 1).join('\n\n')}\n\n` });
  });
  let letReconnect!: () => void;
  const reconnectMay = new Promise<void>((resolve) => (letReconnect = resolve));
  await page.route('**/api/replies/*/events', async (route) => {
    await reconnectMay;
    await route.continue();
  });
  const seen = await watch(reply);
  await reply.getByRole('button', { name: /^Continue/ }).click();

  const reconnecting = page.getByTestId('reply-reconnecting');
  await expect(reconnecting).toHaveText('Reconnecting…', { timeout: 20_000 });
  // What was shown stays shown, in its place: the reply with the words told so far.
  await expect(text).toHaveText(`${ORIGINAL} and0 the1 lamp2`);
  await expect(page.getByText(SPLASH)).toHaveCount(0);
  await expect(page.getByTestId('message-ai')).toHaveCount(1);
  await snap(page, info, 'continue-reconnecting');
  letReconnect();

  await expect(text).toHaveText(CONTINUED, { timeout: 20_000 });
  await expect(reconnecting).toHaveCount(0);
  const { missing, splash } = await seen();
  expect(missing).toBe(0);
  expect(splash).toBe(0);
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId('message-ai').last().locator('.message-text')).toHaveText(
    CONTINUED,
  );
});
