import { expect } from '@playwright/test';
import { E2E_CHECK_IN } from './llm-fixtures';
import { E2E_CONTROL_URL, E2E_URL } from './ports';
import {
  createCharacter,
  openChatWith,
  openSidebarOnPhone,
  sendMessage,
  signInDirectly,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Check-ins (issue 52 part 3): the character writes first at the time the user set, in their
 * time zone; the conversation shows an unread mark in Recent Chats until it is opened, and the
 * character's message is in the thread. The harness sets the app's clock and runs the job.
 */
test('a check-in arrives in the thread, marked unread until the user looks', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'checkin');
  await signInDirectly(page, email);
  await page.request.post(`${E2E_CONTROL_URL}/credits`, { data: { email, credits: 5 } });
  const characterId = await createCharacter(page);
  await openChatWith(page, characterId, 'Texting');
  await sendMessage(page, 'Goodnight, Selene');
  await expect(page.getByTestId('message-ai')).toHaveCount(1);
  await expect(page).toHaveURL(/\/chat\/\d+/);
  const conversationUrl = page.url();

  const set = await page.request.put(`${E2E_URL}/api/characters/${characterId}/check-ins`, {
    headers: { origin: E2E_URL },
    data: {
      enabled: true,
      times: ['08:30'],
      days: [0, 1, 2, 3, 4, 5, 6],
      timezone: 'Europe/Berlin',
      quietHours: { from: '23:00', to: '07:00' },
      maxPerDay: 1,
    },
  });
  expect(set.status(), await set.text()).toBe(200);

  // The user is elsewhere (the chat's start page) when the character writes.
  await page.goto('/chat');
  // 08:31 in Berlin (UTC+1): a day no earlier test of this character's account used.
  const at = info.project.name === 'phone' ? '2027-01-12T07:31:00Z' : '2027-01-11T07:31:00Z';
  const run = await page.request.post(`${E2E_CONTROL_URL}/check-ins/run`, { data: { at } });
  expect(run.status(), await run.text()).toBe(200);

  await page.reload();
  await openSidebarOnPhone(page);
  const row = page.locator(`a[href^="${new URL(conversationUrl).pathname}?"]`);
  await expect(row.getByTestId('unread-mark')).toBeVisible();
  await snap(page, info, 'check-in-unread');
  await row.click();
  await expect(page.getByTestId('message-ai').last()).toContainText(E2E_CHECK_IN);
  // The "not a human" notice stays with the conversation; the mark goes once it is read.
  await openSidebarOnPhone(page);
  await expect(row.getByTestId('unread-mark')).toHaveCount(0);
  await snap(page, info, 'check-in-thread');
});
