import { expect, type Page } from '@playwright/test';
import { E2E_CONTROL_URL, E2E_URL } from './ports';
import { CHAT_LIMITS, excerpt } from '../../src/shared/chat/rules';
import { firstReadUrls, LAST_CHARACTER_COOKIE } from '../../src/shared/first-reads';
import {
  E2E_FLAKY_IDEA,
  E2E_LINES_TRIGGER,
  E2E_MARKDOWN_TRIGGER,
  E2E_OPTIONS,
  E2E_REPLY,
  E2E_SCENARIO_TEXT,
  E2E_SLOW_TRIGGER,
  E2E_TEXTING_REPLY,
} from './llm-fixtures';
import {
  confirmAgeIn,
  createCharacter,
  expectAccessible,
  expectFingerSized,
  openSidebarOnPhone,
  SELENE,
  sendMessage,
  showToolbar,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

const CHARACTER = SELENE;

async function setup(
  page: Page,
  label: string,
  info: Parameters<typeof uniqueEmail>[0],
  {
    email = uniqueEmail(info, label),
    // The tests of the loading splash see it; the others start past it (see skipChatSplash).
    splash = false,
  }: { email?: string; splash?: boolean } = {},
) {
  if (!splash) await skipChatSplash(page);
  await signInDirectly(page, email);
  const id = await createCharacter(page, CHARACTER);
  await page.goto(`/chat?character=${id}`);
  // A first chat load in a tab shows the 2 s splash first (where the test keeps it); a busy
  // machine adds to it.
  await expect(page.getByText('Select a mode to start chatting with your character!')).toBeVisible({
    timeout: 20_000,
  });
  return { email, characterId: id };
}

test('a texting conversation: bubbles, copy, feedback, edit, recent chats and delete', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { characterId } = await setup(page, 'texter', info);
  await expectAccessible(page);
  await snap(page, info, 'chat-empty');
  await page.getByRole('button', { name: 'Texting' }).click();
  const box = page.getByPlaceholder('Message Selene...');
  // Texting chosen: the message box has the focus, so typing goes there (issue 45).
  await expect(box).toBeFocused();
  await box.fill('Hello Selene');
  await box.press('Shift+Enter');
  await box.pressSequentially('how are you?');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chat/\\d+\\?character=${characterId}$`));
  // The reply arrives as separate bubbles, one after another.
  const main = page.getByRole('main');
  await expect(main.getByText('hey you 😊')).toBeVisible();
  await expect(main.getByText('what are you up to?')).toBeVisible();
  await expect(page.getByTestId('message-user').first()).toContainText('Hello Selene');
  // What the next message costs, and what is left, before it is spent.
  await expect(page.getByTestId('cost-hint')).toHaveText('Each reply costs 1 message · 19 left');
  await expectAccessible(page);
  await snap(page, info, 'chat-texting');

  // Copy and thumbs on the reply.
  const reply = page.getByTestId('message-ai').first();
  await showToolbar(reply, info);
  await reply.getByRole('button', { name: 'Copy message' }).click();
  await expect(reply.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('missed you today');
  await reply.getByRole('button', { name: 'Good reply' }).click();
  await expect(page.getByText('Thanks for your feedback')).toBeVisible();
  await expect(reply.getByRole('button', { name: 'Good reply' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A few words with the vote, from the toast: the focus is in the box, and back on the thumb.
  await page.getByRole('button', { name: 'Add a comment' }).click();
  const commentDialog = page.getByRole('dialog', { name: 'What did you like?' });
  await expect(commentDialog.getByLabel('Your comment')).toBeFocused();
  await page.keyboard.type('She remembered the lighthouse.');
  const commented = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
  await commentDialog.getByRole('button', { name: 'Send comment' }).click();
  expect((await commented).request().postDataJSON()).toMatchObject({
    feedback: 'GOOD',
    comment: 'She remembered the lighthouse.',
  });
  await expect(page.getByText('Comment sent')).toBeVisible();
  await expect(commentDialog).toBeHidden();
  await expect(reply.getByRole('button', { name: 'Good reply' })).toBeFocused();

  // Edit my own message: Save only when the text changed.
  const mine = page.getByTestId('message-user').first();
  await showToolbar(mine, info);
  await mine.getByRole('button', { name: 'Edit message' }).click();
  const save = mine.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await mine.getByLabel('Edit message').fill('Hello again, Selene');
  await save.click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(mine).toContainText('Hello again, Selene');
  await expectFingerSized(page, info);

  // Recent chats, then delete the conversation.
  await openSidebarOnPhone(page);
  const recent = page.getByRole('region', { name: 'Recent Chats' });
  await expect(recent.getByRole('link').first()).toContainText('Hello Selene');
  // Who the conversation is with.
  await expect(recent.getByRole('link').first()).toContainText('Selene ·');
  await expect(recent.getByRole('link').first()).toContainText(excerpt(E2E_TEXTING_REPLY));
  await snap(page, info, 'chat-sidebar');
  await expectFingerSized(page, info);
  // The credits count links to the plans, with a tooltip saying what it counts.
  const badge = page.getByTestId('credits-badge');
  await expect(badge).toContainText('19');
  await expect(badge).toHaveAttribute('href', '/pricing');
  await expect(badge).toHaveAttribute('target', '_blank');
  await badge.hover();
  await expect(page.getByRole('tooltip')).toContainText('19 messages left this month');
  // The user menu shows what is left of the monthly allowance (20 on the free plan, 1 used).
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('credits')).toContainText('19 messages left this month');
  await expect(page.getByRole('menuitem', { name: 'Get more messages' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await page.keyboard.press('Escape');
  await openSidebarOnPhone(page);
  await recent
    .getByRole('button', { name: /Options for conversation/ })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: 'Delete Conversation' })).toBeVisible();
  await expectFingerSized(page, info);
  await page.getByRole('menuitem', { name: 'Delete Conversation' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this conversation?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Conversation deleted')).toBeVisible();
  await expect(page).toHaveURL(`/chat?character=${characterId}`);
});

test('an assistant conversation streams its reply', async ({ page }, info) => {
  await setup(page, 'assistant', info);
  await page.getByRole('button', { name: 'Assistant' }).click();
  // No intimacy panel in assistant mode. The test server offers two models, so a normal user
  // may choose between them too (decision 0057: everyone chooses when more than one is offered).
  await expect(page.getByRole('button', { name: 'Intimacy level' })).toHaveCount(0);
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('big-405b');
  await page.getByPlaceholder('Message Selene...').fill('Can you help me plan my week?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('message-ai').last()).toContainText('The lamp flickers');
  await expect(page.getByTestId('message-ai').last().locator('em')).toHaveText('she smiles');
  await snap(page, info, 'chat-assistant');
});

test('a story: scenario, four options, custom input and reroll', async ({ page }, info) => {
  await setup(page, 'storyteller', info);
  await page.getByRole('button', { name: 'Start a story' }).click();
  // Story Mode's start says what to write, with an example, and the way back (issue 45).
  await expect(page.getByRole('heading', { name: 'Begin a story with Selene' })).toBeVisible();
  const idea = page.getByRole('textbox', { name: 'Describe your story' });
  await expect(idea).toBeFocused();
  await expectAccessible(page);
  await snap(page, info, 'chat-story-start');
  await page.getByRole('button', { name: 'Choose another mode' }).click();
  await expect(page.getByRole('button', { name: 'Start a story' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Use this example' }).click();
  await expect(idea).toHaveValue(/lighthouse/);
  await page
    .getByPlaceholder('Describe what you’d like to experience...')
    .fill('A storm at a lighthouse');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText(E2E_SCENARIO_TEXT)).toBeVisible();
  await expect(page.getByTestId('message-ai').last()).toContainText('The lamp flickers');
  const options = page.getByTestId('story-options');
  await expect(options.getByRole('button')).toHaveCount(4);
  await expect(page.getByTestId('cost-hint')).toHaveText('Each choice costs 1 message · 19 left');
  await expectAccessible(page);
  await snap(page, info, 'chat-story');

  await options.getByRole('button', { name: E2E_OPTIONS[2] }).click();
  await expect(page.getByTestId('message-user').last()).toContainText(E2E_OPTIONS[2]!);
  await expect(page.getByTestId('message-ai')).toHaveCount(2);

  // The box for the user's own action is always there beside the options (issue 45).
  await expect(options.getByRole('button')).toHaveCount(4);
  await page.getByRole('textbox', { name: 'Your own action' }).fill('I whisper her name');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('message-user').last()).toContainText('I whisper her name');
  await expect(page.getByTestId('message-ai')).toHaveCount(3);
  await expect(options.getByRole('button')).toHaveCount(4);
  await page.getByRole('button', { name: 'Reroll options' }).click();
  await expect(options.getByRole('button')).toHaveCount(4);
  await expect(page.getByTestId('message-ai').first()).toContainText(E2E_REPLY.split(',')[0]!);
});

test('out of credits: the dialog and the placeholder reply, nothing sent, nothing lost', async ({
  page,
  browser,
}, info) => {
  const { email, characterId } = await setup(page, 'broke', info);
  await page.request.post(`${E2E_CONTROL_URL}/credits`, { data: { email, credits: 0 } });
  await page.reload();
  // '0 messages left' stands out, with the way to more right there.
  await openSidebarOnPhone(page);
  const badge = page.getByTestId('credits-badge');
  await expect(badge).toContainText('0 messages left');
  await expect(badge).toContainText('Get more messages');
  await expect(badge).toHaveAttribute('href', '/pricing');
  await snap(page, info, 'credits-empty');
  if (info.project.name === 'phone') await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Texting' }).click();
  await expect(page.getByTestId('cost-hint')).toHaveText('Each reply costs 1 message · 0 left');
  await page.getByPlaceholder('Message Selene...').fill('Are you there?');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Out of Credits' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await snap(page, info, 'out-of-credits');
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(
    page.getByText("Sorry, you're out of credits. Please refill to continue."),
  ).toBeVisible();
  // A second try: the first message is still there, both marked as not answered.
  await page.getByPlaceholder('Message Selene...').fill('Hello?');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Got it' }).click();
  const mine = page.getByTestId('message-user');
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText('Are you there?');
  await expect(mine.nth(1)).toContainText('Hello?');
  await expect(page.getByTestId('unanswered')).toHaveCount(2);
  await expect(
    page.getByText("Sorry, you're out of credits. Please refill to continue."),
  ).toHaveCount(1);
  await snap(page, info, 'out-of-credits-kept');
  const conversations = await (await page.request.get('/api/conversations')).json();
  expect(conversations).toEqual([]);

  // Another browser of the account shows them too: they are kept on the server (issue 45).
  const other = await browser.newContext({
    viewport: page.viewportSize()!,
    storageState: { cookies: await page.context().cookies(), origins: [] },
  });
  await confirmAgeIn(other);
  const elsewhere = await other.newPage();
  await skipChatSplash(elsewhere);
  await elsewhere.goto(`${E2E_URL}/chat?character=${characterId}`);
  await elsewhere.getByRole('button', { name: 'Texting' }).click();
  await expect(elsewhere.getByTestId('unanswered')).toHaveCount(2);
  await expect(elsewhere.getByTestId('message-user').nth(1)).toContainText('Hello?');

  // With messages again, one of them can be sent as it was.
  await page.request.post(`${E2E_CONTROL_URL}/credits`, { data: { email, credits: 5 } });
  await page.getByTestId('unanswered').first().getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByTestId('message-ai').filter({ hasText: 'hey you' })).toBeVisible();
  await expect(page.getByTestId('unanswered')).toHaveCount(1);
  // The other one went into the conversation now begun, in the other browser too.
  await expect(page).toHaveURL(/\/chat\/\d+/);
  await elsewhere.goto(page.url());
  await expect(elsewhere.getByTestId('message-ai').filter({ hasText: 'hey you' })).toBeVisible();
  await expect(elsewhere.getByTestId('unanswered')).toHaveCount(1);
  await expect(
    elsewhere.getByTestId('message-user').filter({ has: elsewhere.getByTestId('unanswered') }),
  ).toContainText('Hello?');
  await snap(elsewhere, info, 'unanswered-elsewhere');
  await other.close();
});

test('long-press shows the message toolbar on touch screens', async ({ page }, info) => {
  await setup(page, 'toucher', info);
  await page.getByRole('button', { name: 'Texting' }).click();
  await page.getByPlaceholder('Message Selene...').fill('Hold me');
  await page.keyboard.press('Enter');
  const mine = page.getByTestId('message-user').first();
  await expect(mine).toBeVisible();
  await expect(page.getByTestId('message-ai').first()).toBeVisible();
  const toolbar = mine.getByTestId('message-toolbar');
  await expect(toolbar).toHaveCSS('opacity', '0');
  // Held until the toolbar shows (a busy page's timer may fire late), then let go: it stays.
  await mine.dispatchEvent('touchstart');
  await expect(toolbar).toHaveCSS('opacity', '1');
  await mine.dispatchEvent('touchend');
  await expect(toolbar).toHaveCSS('opacity', '1');
  if (info.project.name !== 'phone') return;
  // A phone has no mouse to leave the message: the toolbar stays until a tap elsewhere.
  await page.waitForTimeout(CHAT_LIMITS.hoverToolbarMs + 300);
  await expect(toolbar).toHaveCSS('opacity', '1');
  await snap(page, info, 'toolbar-long-pressed');
  await page.getByTestId('message-ai').first().locator('.message-text').first().tap();
  await expect(toolbar).toHaveCSS('opacity', '0');
  await mine.locator('.message-text').first().tap();
  await expect(toolbar).toHaveCSS('opacity', '1');
  await snap(page, info, 'toolbar-tapped');
});

test('a hover shows an earlier message’s toolbar only where a pointer hovers: the thread never moves', async ({
  page,
}, info) => {
  await setup(page, 'hoverer', info);
  await page.getByRole('button', { name: 'Texting' }).click();
  await sendMessage(page, 'Hold me', 'Selene');
  const mine = page.getByTestId('message-user').first();
  const reply = page.getByTestId('message-ai').first();
  await expect(reply).toContainText(E2E_TEXTING_REPLY.split('\n').at(-1)!);
  const toolbar = mine.getByTestId('message-toolbar');
  await expect(toolbar).toHaveCSS('opacity', '0');
  const gap = async () => (await reply.boundingBox())!.y - (await mine.boundingBox())!.y;
  const before = await gap();

  // Where a phone's browser stands a mouse in for the finger (after a tap, or as the thread
  // scrolls under the last one), a toolbar opening would push the reply under the finger down.
  await mine.locator('.message-text').first().hover();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await expect(toolbar).toHaveCSS('opacity', info.project.name === 'phone' ? '0' : '1');
  expect(await gap()).toBe(before);
});

test('staff pick the model of a conversation, and the conversation keeps it', async ({
  page,
}, info) => {
  await setup(page, 'staff', info, { email: `staff.${info.project.name}@example.com` });
  await page.getByRole('button', { name: 'Assistant' }).click();
  const picker = page.getByLabel('Model', { exact: true });
  await expect(picker).toHaveValue('big-405b');
  // Chosen before the first message: the new conversation starts with it.
  await picker.selectOption('rp-70b');
  await page.getByPlaceholder('Message Selene...').fill('Which model are you?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message-ai').last()).toContainText('The lamp flickers');
  const id = /\/chat\/(\d+)/.exec(page.url())![1];
  const stored = async () =>
    ((await (await page.request.get(`/api/conversations/${id}`)).json()) as { model: string })
      .model;
  expect(await stored()).toBe('rp-70b');
  await expect(picker).toHaveValue('rp-70b');
  await snap(page, info, 'chat-model-picker');
  // Changed on an open conversation: saved at once, and still there after a reload.
  await picker.selectOption('big-405b');
  await expect.poll(stored).toBe('big-405b');
  await page.reload();
  await expect(picker).toHaveValue('big-405b');
});

test('the chat screen opens behind a loading splash the first time, until it has loaded', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'splash'));
  // A slow network: the characters come only once the test has seen the splash stand in (a
  // timer could run out first on a busy machine).
  let arrive = () => {};
  const held = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/api/characters**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/chat');
  const splash = page.getByTestId('chat-splash');
  await expect(splash).toBeVisible();
  await snap(page, info, 'chat-splash');
  arrive();
  // Gone once what it stood for has arrived (issue 45: never over content that is there).
  await expect(splash).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Tester' })).toBeVisible();
  await expectFingerSized(page, info);
});

test('a long conversation loads older messages as the user scrolls up', async ({ page }, info) => {
  const { email, characterId } = await setup(page, 'historian', info, { splash: true });
  const seeded = await page.request.post(`${E2E_CONTROL_URL}/history`, {
    data: { email, characterId, count: 120 },
  });
  const { id } = (await seeded.json()) as { id: number };
  await page.goto(`/chat/${id}?character=${characterId}`);
  // An opened conversation has a level-one heading (the character's name in the header).
  await expect(page.getByRole('heading', { level: 1, name: 'Selene' })).toBeVisible();
  // The loading splash showed on the first chat load of this tab only.
  await expect(page.getByTestId('chat-splash')).toHaveCount(0);
  const scroller = page.getByTestId('message-scroller');
  const message = (n: number) => scroller.getByText(`Message ${n}`, { exact: true });
  await expect(message(120)).toBeInViewport();
  await expect(message(70)).toHaveCount(0);
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  await expect(message(70)).toBeAttached();
  // The message the user was reading stays where it was.
  await expect(message(71)).toBeInViewport();
  await snap(page, info, 'chat-long-history');
  await expect(message(1)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toBeAttached();
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  await expect(message(1)).toBeAttached();
  await expect(message(21)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  await expect(message(120)).toBeAttached();
});

test('a conversation opened by its address asks for each read once, beside its scripts', async ({
  page,
}, info) => {
  const { email, characterId } = await setup(page, 'preloaded', info);
  const seeded = await page.request.post(`${E2E_CONTROL_URL}/history`, {
    data: { email, characterId, count: 3 },
  });
  const { id } = (await seeded.json()) as { id: number };
  await page.goto(`/chat/${id}?character=${characterId}`);
  await expect(
    page.getByTestId('message-scroller').getByText('Message 3', { exact: true }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const url = new URL(e.name);
      return { url: url.pathname + url.search, by: (e as PerformanceResourceTiming).initiatorType };
    }),
  );
  // Each read the page needs was named in its HTML (a preload) and the app took that response:
  // a read the app asked for again would show as a second request.
  for (const read of [
    '/api/auth/get-session',
    ...firstReadUrls(`/chat/${id}`, `?character=${characterId}`),
  ]) {
    expect(
      fetched.filter((f) => f.url === read),
      read,
    ).toEqual([{ url: read, by: 'link' }]);
  }
  // The page's own chunk came with the HTML, not from the entry's import once it had run.
  const chunk = fetched.filter((f) => f.url.startsWith('/assets/ChatPage-'));
  expect(chunk).toHaveLength(1);
  expect(chunk[0]!.by).not.toBe('script');
});

test("a returning reader's /chat opens the last character, its reads named in the HTML", async ({
  page,
}, info) => {
  const { characterId } = await setup(page, 'returning', info);
  await createCharacter(page, { ...CHARACTER, name: 'Mira' });
  // Opening a character remembered it for the server too (an id, nothing else).
  const cookie = (await page.context().cookies()).find((c) => c.name === LAST_CHARACTER_COOKIE);
  expect(cookie).toMatchObject({ value: String(characterId), sameSite: 'Lax', path: '/chat' });

  await page.goto('/chat');
  await expect(page).toHaveURL(`/chat?character=${characterId}`);
  await expect(
    page.getByText('Select a mode to start chatting with your character!'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: CHARACTER.name }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const url = new URL(e.name);
      return { url: url.pathname + url.search, by: (e as PerformanceResourceTiming).initiatorType };
    }),
  );
  // The character and the model list came with the lists, from the HTML's preloads, once each.
  const reads = firstReadUrls('/chat', '', characterId);
  expect(reads).toContain(`/api/characters/${characterId}`);
  for (const read of reads) {
    expect(
      fetched.filter((f) => f.url === read),
      read,
    ).toEqual([{ url: read, by: 'link' }]);
  }
  // So did the mode chooser's script, a chunk of its own: named in the HTML, fetched once.
  // Chromium says 'other' for a modulepreload link's fetch, 'script' for an import() the app made.
  expect(fetched.filter((f) => /^\/assets\/ModeChooser-[\w-]+\.js$/.test(f.url))).toEqual([
    { url: expect.stringMatching(/ModeChooser/), by: 'other' },
  ]);
});

test('a remembered character deleted elsewhere: /chat shows the welcome and forgets it', async ({
  page,
}, info) => {
  const { characterId } = await setup(page, 'forgotten', info);
  const deleted = await page.request.delete(`/api/characters/${characterId}`, {
    headers: { origin: E2E_URL },
  });
  expect(deleted.ok()).toBe(true);
  await page.goto('/chat');
  await expect(page.getByText('Create your first companion to start chatting.')).toBeVisible();
  await expect(page).toHaveURL('/chat');
  // Forgotten in storage and in the cookie: the next load names no read of it.
  await expect
    .poll(async () => (await page.context().cookies()).map((c) => c.name))
    .not.toContain(LAST_CHARACTER_COOKIE);
  expect(await page.evaluate(() => localStorage.getItem('reverie.lastCharacterId'))).toBe('');
  const html = await (await page.request.get('/chat')).text();
  expect(html).not.toContain(`/api/characters/${characterId}`);
});

test('a slow server: the chat shows its shell while its lists load, then the character', async ({
  page,
}, info) => {
  const { characterId } = await setup(page, 'slow-lists', info);
  // The character list answers only when the test lets it (its preload included): the page
  // does not wait for it blank, but shows its shell and the chat's loading shape until it
  // arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/characters**', async (route) => {
    await held;
    await route.continue().catch(() => undefined); // the page may be gone (a failed test)
  });
  try {
    // Not to the load event: the list's preload, held, keeps the document from loading.
    await page.goto('/chat', { waitUntil: 'commit' });
    await expect(page.getByRole('link', { name: /Create Character/ }).first()).toBeVisible();
    await expect(
      page.getByText('Select a mode to start chatting with your character!'),
    ).toBeHidden();
    await snap(page, info, 'chat-lists-loading');
  } finally {
    release();
  }
  await expect(page).toHaveURL(`/chat?character=${characterId}`);
  await expect(
    page.getByText('Select a mode to start chatting with your character!'),
  ).toBeVisible();
});

test('on a phone the sidebar slides over the chat and closes again', async ({ page }, info) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { email, characterId } = await setup(page, 'slider', info);
  const seeded = await page.request.post(`${E2E_CONTROL_URL}/history`, {
    data: { email, characterId, count: 4 },
  });
  const { id } = (await seeded.json()) as { id: number };
  await page.reload();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const backdrop = page.getByTestId('sidebar-backdrop');
  const open = page.getByRole('button', { name: 'Open sidebar' });
  await expect(sidebar).not.toBeInViewport();
  await open.click();
  await expect(sidebar).toBeInViewport();
  await expect(backdrop).toBeVisible();
  await expect(sidebar).toBeInViewport({ ratio: 1 }); // the slide has finished
  await snap(page, info, 'chat-sidebar-slide-over');
  await backdrop.click({ position: { x: 350, y: 400 } });
  await expect(sidebar).not.toBeInViewport();
  // Opened, it takes the focus like a dialog; closed by Escape from anywhere in it (here the
  // user menu's button), the focus goes back to the button that opened it, not to the page.
  await open.click();
  await expect(sidebar.getByRole('button', { name: 'Close sidebar' })).toBeFocused();
  await sidebar.getByTestId('user-menu-trigger').focus();
  await page.keyboard.press('Escape');
  await expect(sidebar).not.toBeInViewport();
  await expect(open).toBeFocused();
  // Choosing a chat opens it and gets the sidebar out of the way.
  await open.click();
  await sidebar.getByRole('link', { name: /A long talk/ }).click();
  await expect(page).toHaveURL(`/chat/${id}?character=${characterId}`);
  await expect(sidebar).not.toBeInViewport();
  await expect(backdrop).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Message 4', { exact: true })).toBeVisible();
});

test('a story whose opening scene failed can be started again', async ({ page }, info) => {
  await setup(page, 'retry-story', info);
  await page.getByRole('button', { name: 'Start a story' }).click();
  const idea = page.getByPlaceholder('Describe what you’d like to experience...');
  await idea.fill(`A ${E2E_FLAKY_IDEA} (${info.project.name})`);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  // The conversation exists now, still without a scene: the start box is offered again.
  await expect(page).toHaveURL(/\/chat\/\d+\?character=\d+$/);
  await expect(idea).toBeVisible();
  await idea.fill(`A ${E2E_FLAKY_IDEA} (${info.project.name})`);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText(E2E_SCENARIO_TEXT)).toBeVisible();
  await expect(page.getByTestId('story-options').getByRole('button')).toHaveCount(4);
});

test('a conversation kept after its character was deleted opens read-only', async ({
  page,
}, info) => {
  const { email, characterId } = await setup(page, 'keeper', info, { splash: true });
  const seeded = await page.request.post(`${E2E_CONTROL_URL}/history`, {
    data: { email, characterId, count: 4 },
  });
  const { id } = (await seeded.json()) as { id: number };
  // An address without ?character= opens the conversation with its own character.
  await page.goto(`/chat/${id}`);
  await expect(page).toHaveURL(`/chat/${id}?character=${characterId}`);
  const deleted = await page.request.delete(`/api/characters/${characterId}`, {
    headers: { origin: E2E_URL },
  });
  expect(deleted.status()).toBe(200);
  await page.goto('/chat');
  await openSidebarOnPhone(page);
  const link = page.getByRole('region', { name: 'Recent Chats' }).getByRole('link', {
    name: /A long talk/,
  });
  await expect(link).toContainText('Character deleted');
  await link.click();
  await expect(page.getByText('this conversation is read-only')).toBeVisible();
  await expect(page.getByRole('main').getByText('Message 4', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByTestId('chat-splash')).toBeHidden();
  await expectAccessible(page);
  await snap(page, info, 'chat-read-only');
});

test('line breaks show as written, for the user and for the character', async ({ page }, info) => {
  await setup(page, 'lines', info);
  await page.getByRole('button', { name: 'Assistant' }).click();
  const box = page.getByPlaceholder('Message Selene...');
  await box.fill(E2E_LINES_TRIGGER);
  await box.press('Shift+Enter');
  await box.pressSequentially('Line two');
  await box.press('Shift+Enter');
  await box.pressSequentially('Line three');
  await box.press('Enter');
  const mine = page.getByTestId('message-user').last();
  await expect(mine).toContainText('Line three');
  expect(await mine.evaluate((el) => (el as HTMLElement).innerText.trim())).toBe(
    'Line one\nLine two\nLine three',
  );
  const reply = page.getByTestId('message-ai').last();
  await expect(reply).toContainText('A new paragraph');
  // The reply's words (its toolbar says what Regenerate and Continue cost).
  const replyText = await reply
    .locator('.message-text')
    .evaluate((el) => (el as HTMLElement).innerText.trim());
  expect(replyText).toMatch(
    /^First line of mine\nSecond line of mine\n+A new paragraph, softly\.$/,
  );
  // Still markdown, rendered safely: emphasis, no asterisks.
  await expect(reply.locator('em')).toHaveText('softly');
  await snap(page, info, 'chat-line-breaks');
});

test('a reply’s markdown: headings, lists, a quote, code and safe links', async ({
  page,
}, info) => {
  await setup(page, 'markdown', info);
  await page.getByRole('button', { name: 'Assistant' }).click();
  await sendMessage(page, `${E2E_MARKDOWN_TRIGGER}, please`);
  const reply = page.getByTestId('message-ai').last();
  await expect(reply.locator('h2')).toHaveText('The plan');
  await expect(reply.locator('strong')).toHaveText('what we do');
  await expect(reply.locator('ol > li')).toHaveCount(2);
  await expect(reply.locator('ol > li ul > li')).toHaveText(['slowly', 'together']);
  await expect(reply.locator('blockquote')).toHaveText('The sea keeps no secrets.');
  await expect(reply.locator('pre code')).toHaveText("const light = '<on>';");
  // Links open in a new tab without telling the site where they came from; an image is a link
  // to it (never loaded), and raw HTML is text without its tags.
  const map = reply.getByRole('link', { name: 'the map' });
  await expect(map).toHaveAttribute('href', 'https://example.com/map');
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(map).toHaveAttribute('rel', /noopener/);
  await expect(reply.getByRole('link', { name: 'a gull' })).toHaveAttribute(
    'href',
    'https://example.com/g.png',
  );
  await expect(reply.locator('img, b')).toHaveCount(0);
  await expect(reply).toContainText('or this');
  await snap(page, info, 'chat-markdown');
});

test('the first message of a new conversation shows once while the reply is on its way', async ({
  page,
}, info) => {
  await setup(page, 'once', info);
  await page.getByRole('button', { name: 'Texting' }).click();
  // The history of the new conversation loads while the (slow) reply is being written, after
  // the server has stored the message.
  await page.route(/\/api\/conversations\/\d+\/messages/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.evaluate(() => {
    const w = window as unknown as { maxMine: number };
    w.maxMine = 0;
    new MutationObserver(() => {
      const mine = document.querySelectorAll('[data-testid="message-user"]').length;
      w.maxMine = Math.max(w.maxMine, mine);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByPlaceholder('Message Selene...').fill(`Hi, ${E2E_SLOW_TRIGGER}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message-ai').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { maxMine: number }).maxMine)).toBe(1);
});

test('story mode: Enter starts and sends, the bar waits for the scene, the scenario is rendered', async ({
  page,
}, info) => {
  await setup(page, 'story-keys', info);
  await page.getByRole('button', { name: 'Start a story' }).click();
  const idea = page.getByPlaceholder('Describe what you’d like to experience...');
  await idea.fill('A slow storm');
  await idea.press('Shift+Enter');
  await idea.pressSequentially(`at the lighthouse, ${E2E_SLOW_TRIGGER}`);
  await idea.press('Enter');
  // While the opening scene is written there is nothing to suggest yet, and the bar says so.
  await expect(page.getByText('appear once the scene is written')).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText('No suggestions right now')).toHaveCount(0);
  await expect(page.getByTestId('message-ai').last()).toContainText('The lamp flickers', {
    timeout: 15_000,
  });
  const scenario = page.getByTestId('scenario');
  await expect(scenario).toContainText(E2E_SCENARIO_TEXT);
  await expect(scenario.locator('em')).toHaveText('storm');
  await expect(scenario).not.toContainText('*');
  const options = page.getByTestId('story-options');
  await expect(options.getByRole('button')).toHaveCount(4);
  await snap(page, info, 'chat-story-rendered-scenario');

  // The box for the user's own action sends on Enter too, and the next suggestions follow.
  const custom = page.getByRole('textbox', { name: 'Your own action' });
  await custom.fill('I climb');
  await custom.press('Shift+Enter');
  await custom.pressSequentially('the stairs');
  await custom.press('Enter');
  await expect(page.getByTestId('message-user').last()).toContainText('I climb');
  await expect(page.getByTestId('message-ai')).toHaveCount(2);
  await expect(options.getByRole('button')).toHaveCount(4);
});

test('toasts stay clear of the message box and do not pile up', async ({ page }, info) => {
  await setup(page, 'toasts', info);
  await page.getByRole('button', { name: 'Texting' }).click();
  await page.getByPlaceholder('Message Selene...').fill('Hello there');
  await page.keyboard.press('Enter');
  const reply = page.getByTestId('message-ai').first();
  await expect(reply).toContainText('what are you up to?', { timeout: 10_000 });
  // Measured in the page the moment the toast appears (it goes away after 5 s).
  const rects = page.waitForFunction(() => {
    const toast = document.querySelector('[data-testid="toast"]');
    if (!toast) return null;
    const rect = (el: Element | null) => el!.getBoundingClientRect().toJSON() as DOMRect;
    return {
      toast: rect(toast),
      send: rect(document.querySelector('button[aria-label="Send message"]')),
      box: rect(document.querySelector('textarea[placeholder="Message Selene..."]')),
      header: rect(document.querySelector('header')),
    };
  });
  await showToolbar(reply, info);
  const secondAnswer = page.waitForResponse(
    (r) => r.url().endsWith('/api/feedback') && r.request().postDataJSON()?.feedback === 'BAD',
  );
  await reply.getByRole('button', { name: 'Good reply' }).click();
  const { toast, send, box, header } = (await (await rects).jsonValue())!;
  await reply.getByRole('button', { name: 'Bad reply' }).click();
  await secondAnswer;
  // Two of the same kind: one on screen.
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Thanks for your feedback' }),
  ).toHaveCount(1);
  // Never over the box or its button, nor over the header's buttons: just above the box.
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps(toast, send)).toBe(false);
  expect(overlaps(toast, box)).toBe(false);
  expect(overlaps(toast, header)).toBe(false);
  expect(toast.y + toast.height).toBeLessThanOrEqual(box.y);
  await snap(page, info, 'chat-toast');
});

test('the chat splash shows on the first load only; switching characters is instant', async ({
  page,
}, info) => {
  const { characterId } = await setup(page, 'switcher', info, { splash: true });
  const id = await createCharacter(page, { ...CHARACTER, name: 'Mira' });
  await page.reload();
  await expect(
    page.getByText('Select a mode to start chatting with your character!'),
  ).toBeVisible();
  await expect(page.getByTestId('chat-splash')).toHaveCount(0);
  await openSidebarOnPhone(page);
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: /Mira/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/chat?character=${id}`);
  await expect(page.getByRole('heading', { name: 'Mira' }).first()).toBeVisible();
  await expect(page.getByTestId('chat-splash')).toHaveCount(0);
  expect(characterId).not.toBe(id);
});
