import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_CONTINUATION } from './llm-fixtures';
import {
  createCharacter,
  expectAccessible,
  openChatWith,
  sendMessage as send,
  showToolbar,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/** The ‹ n/m › switcher under a message, and the message's text. */
const versionOf = (message: Locator) => message.getByTestId('versions');
const tale = (text: string) => new RegExp(`^${text}$`);

async function openAssistantChat(page: Page, email: string) {
  await skipChatSplash(page);
  await signInDirectly(page, email);
  await openChatWith(page, await createCharacter(page), 'Assistant');
}

test('swipes through a reply’s versions, regenerates an earlier one, branches by editing, continues and deletes', async ({
  page,
}, info) => {
  await openAssistantChat(page, uniqueEmail(info, 'brancher'));
  const main = page.getByRole('main');
  const ai = page.getByTestId('message-ai');
  const mine = page.getByTestId('message-user');

  await send(page, 'Tell me a tale');
  await expect(ai).toHaveCount(1);
  const first = (await ai.first().innerText()).trim();
  await expect(versionOf(ai.first())).toHaveCount(0); // one version: no switcher

  // Two more versions of the reply, each streamed in its place.
  await ai.first().getByRole('button', { name: 'Regenerate' }).click();
  await expect(versionOf(ai.first())).toContainText('2/2');
  await ai.first().getByRole('button', { name: 'Regenerate' }).click();
  await expect(versionOf(ai.first())).toContainText('3/3');
  const third = (
    await ai
      .first()
      .getByText(/Tale number/)
      .innerText()
  ).trim();
  await snap(page, info, 'chat-versions');
  await ai.first().getByRole('button', { name: 'Previous version' }).click();
  await expect(versionOf(ai.first())).toContainText('2/3');
  await ai.first().getByRole('button', { name: 'Previous version' }).click();
  await expect(versionOf(ai.first())).toContainText('1/3');
  await expect(ai.first().getByText(/Tale number/)).toHaveText(tale(first.split('\n')[0]!));

  // A second exchange on version 1; then a new version of the earlier reply starts a new branch.
  await send(page, 'Tell me a tale again');
  await expect(ai).toHaveCount(2);
  // An earlier reply: asked first (later messages move to another version), Escape cancels.
  const regenerate = ai.first().getByRole('button', { name: 'Regenerate' });
  await showToolbar(ai.first(), info);
  await regenerate.click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate this reply?' });
  await expect(confirm).toContainText('Later messages move to another version of this chat');
  await expect(confirm).toContainText('A new reply costs 1 message');
  await expect(confirm.getByRole('button', { name: 'Regenerate (1 message)' })).toBeFocused();
  await expectAccessible(page);
  await snap(page, info, 'chat-regenerate-earlier');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(regenerate).toBeFocused();
  await expect(main.getByText('Tell me a tale again')).toBeVisible();
  await regenerate.click();
  await confirm.getByRole('button', { name: 'Regenerate (1 message)' }).click();
  await expect(versionOf(ai.first())).toContainText('4/4');
  await expect(ai).toHaveCount(1);
  await expect(main.getByText('Tell me a tale again')).toHaveCount(0);
  // Back to version 1: its branch continues where it was.
  for (const shown of ['3/4', '2/4', '1/4']) {
    await ai.first().getByRole('button', { name: 'Previous version' }).click();
    await expect(versionOf(ai.first())).toContainText(shown);
  }
  await expect(main.getByText('Tell me a tale again')).toBeVisible();
  await expect(ai).toHaveCount(2);
  expect(third).toMatch(/Tale number/);

  // Editing the first message as a new branch keeps the old one.
  await showToolbar(mine.first(), info);
  await mine.first().getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('Tell me a tale, please');
  await page.getByRole('button', { name: 'Save as new branch' }).click();
  await expect(mine.first()).toContainText('Tell me a tale, please');
  await expect(versionOf(mine.first())).toContainText('2/2');
  await expect(ai).toHaveCount(1);
  await expectAccessible(page);
  await snap(page, info, 'chat-branch');
  await mine.first().getByRole('button', { name: 'Previous version' }).click();
  await expect(versionOf(mine.first())).toContainText('1/2');
  await expect(mine.first()).not.toContainText('please');
  // A branch continues to its newest message: the reply's fourth version.
  await expect(versionOf(ai.first())).toContainText('4/4');
  // The compact switcher lists where this path forks and leads to each fork's ‹ ›.
  const switcher = page.getByTestId('branch-switcher');
  await expect(switcher).toContainText('2 forks');
  await switcher.click();
  const forks = page.getByRole('menuitem');
  await expect(forks).toHaveCount(2);
  await expect(forks.first()).toContainText('You: Tell me a tale');
  await forks.filter({ hasText: '4/4' }).click();
  await expect(ai.first().getByRole('button', { name: 'Previous version' })).toBeFocused();
  for (const shown of ['3/4', '2/4', '1/4']) {
    await ai.first().getByRole('button', { name: 'Previous version' }).click();
    await expect(versionOf(ai.first())).toContainText(shown);
  }
  await expect(main.getByText('Tell me a tale again')).toBeVisible();

  // Continue the newest reply: the addition joins it.
  await ai.last().getByRole('button', { name: 'Continue' }).click();
  await expect(ai.last()).toContainText(E2E_CONTINUATION);

  // Delete the second question with its reply, after a confirmation (Escape cancels it).
  const question = mine.filter({ hasText: 'Tell me a tale again' });
  await showToolbar(question, info);
  await question.getByRole('button', { name: 'Delete message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(question).toBeVisible();
  await showToolbar(question, info);
  await question.getByRole('button', { name: 'Delete message' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(main.getByText('Tell me a tale again')).toHaveCount(0);
  await expect(ai).toHaveCount(1);
  await snap(page, info, 'chat-after-delete');
});

test('branch from an earlier reply: the next message starts a new branch, the old one is kept', async ({
  page,
}, info) => {
  await openAssistantChat(page, uniqueEmail(info, 'branch-from'));
  const main = page.getByRole('main');
  const ai = page.getByTestId('message-ai');
  const mine = page.getByTestId('message-user');
  await send(page, 'Tell me a tale');
  await expect(ai).toHaveCount(1);
  await send(page, 'Tell me a tale again');
  await expect(ai).toHaveCount(2);
  // The newest reply has nothing after it to branch away from.
  await expect(ai.last().getByRole('button', { name: 'Branch from here' })).toHaveCount(0);

  await showToolbar(ai.first(), info);
  await ai.first().getByRole('button', { name: 'Branch from here' }).click();
  const banner = main.getByRole('status').filter({ hasText: 'A new branch starts here' });
  await expect(banner).toBeVisible();
  await expect(main.getByText('Tell me a tale again')).toHaveCount(0);
  // Cancel shows the whole history again; then branch for real.
  await banner.getByRole('button', { name: 'Cancel' }).click();
  await expect(main.getByText('Tell me a tale again')).toBeVisible();
  await showToolbar(ai.first(), info);
  await ai.first().getByRole('button', { name: 'Branch from here' }).click();
  await snap(page, info, 'chat-branch-from-here');
  await send(page, 'A different question');
  await expect(mine.last()).toContainText('A different question');
  await expect(versionOf(mine.last())).toContainText('2/2');
  await expect(ai).toHaveCount(2);
  if (info.project.name === 'phone') {
    // The earlier reply's toolbar, opened for 'Branch from here', folds away a second after the
    // tap on the message box (MessageView.tsx) and takes its room with it: a tap in that moment
    // lands where the switcher was, as a finger's would. Tapped once the thread stands still.
    const toolbar = ai.first().getByTestId('message-toolbar');
    await expect.poll(async () => (await toolbar.boundingBox())?.height ?? 0).toBeLessThan(2);
  }
  await mine.last().getByRole('button', { name: 'Previous version' }).click();
  await expect(mine.last()).toContainText('Tell me a tale again');
});

test('after an edit a new reply is offered; the forks pill covers no message; phone-sized targets', async ({
  page,
}, info) => {
  await openAssistantChat(page, uniqueEmail(info, 'edit-offer'));
  const main = page.getByRole('main');
  const ai = page.getByTestId('message-ai');
  const mine = page.getByTestId('message-user');
  await send(page, 'Tell me a tale');
  await expect(ai).toHaveCount(1);
  await send(page, 'Tell me a tale again');
  await expect(ai).toHaveCount(2);
  // The newest reply's Regenerate and Continue are in sight, with their cost written on them.
  const regenerate = ai.last().getByRole('button', { name: 'Regenerate (1 message)' });
  await expect(regenerate).toBeVisible();
  await expect(regenerate).toHaveText('1 message');
  await expect(ai.last().getByRole('button', { name: 'Continue (1 message)' })).toHaveText(
    '1 message',
  );
  if (info.project.name === 'phone') {
    // A finger's target, and no empty room under a bubble whose toolbar is hidden.
    for (const button of await ai.last().getByTestId('message-toolbar').getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    const question = (await mine.first().boundingBox())!;
    const bubble = (await mine.first().locator('.message-text').boundingBox())!;
    expect(question.y + question.height - (bubble.y + bubble.height)).toBeLessThan(12);
  }

  // Edit the first question: a new reply to it is offered, with its cost and what happens.
  await showToolbar(mine.first(), info);
  await mine.first().getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('Tell me a tale, please');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const offer = page.getByRole('group', { name: 'Regenerate the reply' });
  await expect(offer).toContainText('Regenerate the reply to your edited message? (1 message)');
  await expect(offer).toContainText('Later messages move to another version of this chat');
  await snap(page, info, 'chat-edit-offer');
  await offer.getByRole('button', { name: 'Regenerate (1 message)' }).click();
  await expect(versionOf(ai.first())).toContainText('2/2');
  await expect(offer).toHaveCount(0);
  await expect(main.getByText('Tell me a tale again')).toHaveCount(0);

  // The user's one fork, counted in a row of its own: no message lies under it.
  const switcher = page.getByTestId('branch-switcher');
  await expect(switcher).toContainText('1 fork');
  const pill = (await switcher.boundingBox())!;
  const scroller = (await page.getByTestId('message-scroller').boundingBox())!;
  expect(pill.y + pill.height).toBeLessThanOrEqual(scroller.y);
  await snap(page, info, 'chat-forks-pill');
});

test('by keyboard alone: a new version, swiping and going on keep the focus on the button pressed', async ({
  page,
}, info) => {
  await openAssistantChat(page, uniqueEmail(info, 'keyswiper'));
  const ai = page.getByTestId('message-ai');
  await send(page, 'Tell me a tale');
  await expect(ai).toHaveCount(1);

  // Each press draws the reply anew (a new version, another one shown): the focus follows it,
  // so Enter again asks again, rather than starting over from the message box.
  await ai
    .first()
    .getByRole('button', { name: /^Regenerate/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(versionOf(ai.first())).toContainText('2/2');
  await expect(ai.first().getByRole('button', { name: /^Regenerate/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(versionOf(ai.first())).toContainText('3/3');
  await expect(ai.first().getByRole('button', { name: /^Regenerate/ })).toBeFocused();

  await ai.first().getByRole('button', { name: 'Previous version' }).focus();
  await page.keyboard.press('Enter');
  await expect(versionOf(ai.first())).toContainText('2/3');
  await expect(ai.first().getByRole('button', { name: 'Previous version' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(versionOf(ai.first())).toContainText('1/3');
  // The first version has no previous one: the other arrow has the focus.
  await expect(ai.first().getByRole('button', { name: 'Next version' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(versionOf(ai.first())).toContainText('2/3');
  await expect(ai.first().getByRole('button', { name: 'Next version' })).toBeFocused();

  await ai
    .first()
    .getByRole('button', { name: /^Continue/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(ai.first()).toContainText(E2E_CONTINUATION);
  await expect(ai.first().getByRole('button', { name: /^Continue/ })).toBeFocused();
});
