import { expect } from '@playwright/test';
import { E2E_CONTROL_URL } from './ports';
import {
  createCharacter,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Issue 45, defect 10: the once-a-tab chat splash covered messages that had already arrived, for
 * the rest of its two seconds. It may only stand in for what is still loading.
 */
test('the first chat load of a tab shows no splash over messages that have arrived', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'splash');
  // Set up in a tab that has seen the splash, then open the conversation in a fresh one.
  await skipChatSplash(page);
  await signInDirectly(page, email);
  const characterId = await createCharacter(page);
  const seeded = await page.request.post(`${E2E_CONTROL_URL}/history`, {
    data: { email, characterId, count: 4 },
  });
  const { id } = (await seeded.json()) as { id: number };

  const fresh = await page.context().newPage();
  // Every change to the page is checked: is a message on screen while the splash is over it?
  await fresh.addInitScript(() => {
    const seen = { covered: false, splash: false };
    (window as unknown as { __splash: typeof seen }).__splash = seen;
    new MutationObserver(() => {
      const splash = document.querySelector('[data-testid="chat-splash"]');
      if (splash) seen.splash = true;
      // A message itself, not the (still empty) scroller or a toolbar that share the prefix.
      const message = document.querySelector(
        '[data-testid="message-user"], [data-testid="message-ai"]',
      );
      if (splash && message) seen.covered = true;
    }).observe(document, { childList: true, subtree: true });
  });
  // The messages are held until the splash has shown: it stands in for them while they load
  // (the conversation's other reads, and the empty scroller, may be there before them).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await fresh.route(/\/api\/conversations\/\d+\/messages/, async (route) => {
    await held;
    await route.continue();
  });
  await fresh.goto(`/chat/${id}?character=${characterId}`);
  await fresh.waitForFunction(
    () => (window as unknown as { __splash: { splash: boolean } }).__splash.splash,
  );
  release();
  await expect(fresh.getByRole('main').getByText('Message 4', { exact: true })).toBeVisible();
  await expect(fresh.getByTestId('chat-splash')).toHaveCount(0);
  await snap(fresh, info, 'first-load-messages');
  const seen = await fresh.evaluate(
    () => (window as unknown as { __splash: { covered: boolean; splash: boolean } }).__splash,
  );
  expect(seen.covered, 'the splash stood over messages already shown').toBe(false);
});
