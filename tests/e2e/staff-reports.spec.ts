import { expect } from '@playwright/test';
import { E2E_URL } from './ports';
import {
  createCharacter,
  expectAccessible,
  expectFingerSized,
  SELENE,
  signInDirectly,
  snap,
  test,
  uniqueEmail,
} from './support';
import { signInStaffAdmin } from './staff-admin';

const PASSWORD = 'moonlit garden stroll';
const headers = { origin: E2E_URL };

/**
 * Issue 49: a user reports an AI reply; an admin with two-factor finds it in the console's queue,
 * reads it in its context and removes the message with a note; the owner then reads 'Removed by
 * moderation' in its place. At desktop width and at 375 px.
 */

test('reports: a moderator opens a reported reply in its context and removes it', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  // A name of this test's own: the queue is everyone's.
  const name = phone ? 'Vesper Phone' : 'Vesper Desk';

  // The user chats, then reports the AI's reply (as the message's Report button would).
  await signInDirectly(page, uniqueEmail(info, 'report-member'), PASSWORD);
  const characterId = await createCharacter(page, { ...SELENE, name });
  const conversation = await page.request.post('/api/conversations', {
    headers,
    data: { characterId, chatMode: 'assistant' },
  });
  const conversationId = ((await conversation.json()) as { id: number }).id;
  const replied = await page.request.post('/api/assistant', {
    headers,
    data: { message: 'Tell me about the moon', conversationId },
  });
  expect(replied.status(), await replied.text()).toBe(200);
  const reply = (await replied.json()) as { messageId: number; message: string };
  // And shares a thumbs down on it, with the pair.
  const rated = await page.request.post('/api/feedback', {
    headers,
    data: {
      aiMessage: reply.message,
      userMessage: 'Tell me about the moon',
      feedback: 'BAD',
      messageId: reply.messageId,
    },
  });
  expect(rated.status(), await rated.text()).toBe(201);
  // The report is made as a user makes it: the reply's 'Report', a reason, a few words.
  await page.goto(`/chat/${conversationId}?character=${characterId}`);
  const inChat = page.locator(`[data-message-id="${reply.messageId}"]`);
  const reportDialog = page.getByRole('dialog', { name: 'Report this message' });
  // Pressed again if the page was still settling: on a very busy machine a press while the
  // chat's late parts arrived once opened nothing (noted in the stop's note, not yet explained).
  // Not pressed again once the dialog is open (its part may take a while to come): the open
  // dialog would then cover the button, and the press wait for it to the end.
  await expect(async () => {
    if (!(await reportDialog.isVisible())) {
      await inChat.getByRole('button', { name: 'Report' }).click({ timeout: 5000 });
    }
    await expect(reportDialog).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await reportDialog.getByRole('radio', { name: 'Harassment or hate' }).check();
  await reportDialog.getByRole('textbox').fill('It insulted me.');
  await expectFingerSized(page, info);
  await snap(page, info, 'report-message');
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Report sent')).toBeVisible();
  await expect(reportDialog).toBeHidden();
  // Account → Reports shows it, waiting for a moderator.
  await page.goto('/account');
  const reports = page.getByRole('region', { name: 'Reports' });
  await expect(reports.getByText('Waiting for a moderator')).toBeVisible();
  const member = await page.context().cookies();

  // An admin with two-factor opens the queue.
  await page.context().clearCookies();
  await signInStaffAdmin(page, uniqueEmail(info, 'report-admin'), PASSWORD);
  await page.goto('/admin/reports');
  await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  const row = page
    .getByRole('list', { name: 'Report queue' })
    .getByRole('link')
    .filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Harassment or hate');
  await expect(row).toContainText('Message');
  if (phone) expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-reports-queue');

  await row.click();
  await expect(page).toHaveURL(/\/admin\/reports\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Harassment or hate' })).toBeVisible();
  await expect(page.getByText('It insulted me.')).toBeVisible();
  const context = page.getByRole('list', { name: 'Conversation around the reported message' });
  await expect(context.getByRole('listitem').first()).toContainText('Tell me about the moon');
  const message = page.getByTestId('reported-message');
  await expect(message).toContainText(reply.message.slice(0, 40));
  await expect(message).toContainText(name);
  await expect(page.getByText(SELENE.description)).toBeVisible();
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-reports-detail');

  // Remove the message, with a note; Escape first shows the dialog gives the focus back.
  const remove = page.getByRole('button', { name: 'Remove message' });
  if (phone) expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove message' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await dialog.getByLabel('Reason').fill('Insults the user');
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-reports-decision');
  await dialog.getByRole('button', { name: 'Remove message' }).click();
  await expect(dialog).toBeHidden();
  const decisions = page.getByRole('list', { name: 'Decisions' });
  await expect(decisions).toContainText('Message removed');
  await expect(decisions).toContainText('Insults the user');
  await expect(message).toContainText('Removed');
  await expect(page.getByRole('button', { name: 'Remove message' })).toHaveCount(0);
  // An admin may reverse it.
  await expect(decisions.getByRole('button', { name: /Reverse/ })).toBeVisible();
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-reports-decided');

  // The queue read again: the report is among the closed ones.
  await page.getByRole('link', { name: 'All reports' }).click();
  await expect(
    page.getByRole('list', { name: 'Report queue' }).getByRole('link').filter({ hasText: name }),
  ).toHaveCount(0);
  await page.getByRole('tab', { name: 'Open' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Closed' })).toBeFocused();
  await expect(
    page.getByRole('list', { name: 'Report queue' }).getByRole('link').filter({ hasText: name }),
  ).toHaveCount(1);

  // The feedback users shared, from the same console (its tables read from the server).
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Feedback' })
    .click();
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Per model' })).toBeVisible();
  await page.getByRole('tab', { name: 'Down' }).click();
  await expect(page.getByRole('tab', { name: 'Down' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('list', { name: 'Feedback' }).getByRole('listitem').first(),
  ).toContainText('Down');
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-feedback');

  // The owner reads 'Removed by moderation' in its place.
  await page.context().clearCookies();
  await page.context().addCookies(member);
  const history = await page.request.get(`/api/conversations/${conversationId}/messages`);
  const messages = (await history.json()) as { id: number; content: string }[];
  expect(messages.find((m) => m.id === reply.messageId)?.content).toBe('Removed by moderation');
});
