import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { E2E_URL } from './ports';
import {
  confirmAgeIn,
  createCharacter,
  expectAccessible,
  expectFingerSized,
  mailTo,
  openAuthDialog,
  openSidebarOnPhone,
  signInDirectly,
  signUpAndSignIn,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

const PASSWORD = 'moonlit garden stroll';

async function openSignIn(page: Page) {
  await page.goto('/');
  return openAuthDialog(page);
}

async function signInThroughDialog(page: Page, email: string, password: string) {
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  return dialog;
}

/** A character and a conversation with one exchange, through the API as the page would. */
async function chatOnce(page: Page, words: string) {
  const headers = { origin: E2E_URL };
  const id = await createCharacter(page);
  const conversation = await page.request.post('/api/conversations', {
    headers,
    data: { characterId: id, chatMode: 'assistant' },
  });
  const conversationId = ((await conversation.json()) as { id: number }).id;
  const reply = await page.request.post('/api/assistant', {
    headers,
    data: { message: words, conversationId },
  });
  expect(reply.status()).toBe(200);
  return { characterId: id, conversationId };
}

test('forgot password: the mailed link sets a new password, and it signs in', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'forgetful');
  await signUpAndSignIn(page, email, PASSWORD);
  await page.context().clearCookies();

  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // The address typed for signing in is carried over.
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'If an account exists for that address, we have sent it a link',
  );
  await snap(page, info, 'forgot-password-sent');
  await page.keyboard.press('Escape');

  const mail = await mailTo(email, 'Reset your Reverie password');
  const link = mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[^\s"<>]+/)![0];
  await page.goto(link.replace(/&amp;/g, '&'));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('copper kettle midnight sonata');
  await page.getByLabel('New password again').fill('copper kettle midnight sonata!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByLabel('New password again').fill('copper kettle midnight sonata');
  await expectAccessible(page);
  await snap(page, info, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  // The sign-in form opens with the account's address filled in, ready for the new password.
  const signIn = page.getByRole('dialog', { name: 'Welcome to Reverie AI' });
  await expect(signIn).toBeVisible();
  await expect(signIn.getByLabel('Email')).toHaveValue(email);
  await expect(signIn.getByLabel('Password')).toBeFocused();
  await snap(page, info, 'reset-password-sign-in');
  // The old password no longer works; the new one does, and the app opens.
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await signIn.getByLabel('Password').fill('copper kettle midnight sonata');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/chat');

  // The link worked once.
  await page.goto(link.replace(/&amp;/g, '&'));
  await expect(page.getByText('This link has expired or has already been used.')).toBeVisible();
});

test('the account page: devices, and a download that holds the conversation', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'downloader');
  await skipChatSplash(page);
  await signUpAndSignIn(page, email, PASSWORD);
  await chatOnce(page, 'Tell me about the lighthouse keeper');

  await page.goto('/chat');
  await openSidebarOnPhone(page);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const devices = page.getByTestId('device');
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');
  await expect(page.getByText('Google: not linked')).toBeVisible();

  // A new address is asked for with the current password, and used once it is confirmed.
  await page.getByLabel('New email address').fill(uniqueEmail(info, 'moved'));
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(
    page.getByText('Enter your current password to change your email address.'),
  ).toBeVisible();
  await page.getByLabel('Current password').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'We have sent a confirmation link' }),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'account');
  await expectFingerSized(page, info);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  // A zip (the account has a conversation): the JSON and the conversation's Markdown copy.
  expect(download.suggestedFilename()).toMatch(/^reverie-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync((await download.path())!));
  const data = JSON.parse(strFromU8(files['reverie-export.json']!)) as {
    account: { email: string };
    messages: { content: string; sender: string }[];
  };
  expect(data.account.email).toBe(email);
  expect(data.messages.map((m) => m.content)).toContain('Tell me about the lighthouse keeper');
  expect(data.messages.some((m) => m.sender === 'ai')).toBe(true);
  const markdown = Object.keys(files).filter((name) => name.startsWith('conversations/'));
  expect(markdown).toHaveLength(1);
  expect(strFromU8(files[markdown[0]!]!)).toContain('> Tell me about the lighthouse keeper');
});

test('delete my account: signed out, cannot sign in again, and another user keeps everything', async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail(info, 'leaving');
  await signUpAndSignIn(page, email, PASSWORD);
  await chatOnce(page, 'A last story before I go');
  // Another user, in a browser of their own.
  const otherContext = await browser.newContext();
  await confirmAgeIn(otherContext);
  const other = await otherContext.newPage();
  // (Their sign-up is not what is tested: signed in directly.)
  await signInDirectly(other, uniqueEmail(info, 'staying'), PASSWORD);
  const theirs = await chatOnce(other, 'I am staying right here');

  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  // Escape cancels.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not correct.')).toBeVisible();
  await snap(page, info, 'delete-account');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' }),
  ).toBeVisible();
  await signInThroughDialog(page, email, PASSWORD);
  await expect(page.getByText('Sign in failed')).toBeVisible();

  // The other user still has everything.
  const messages = await other.request.get(`/api/conversations/${theirs.conversationId}/messages`);
  expect(messages.status()).toBe(200);
  expect(((await messages.json()) as unknown[]).length).toBe(2);
  await other.goto(`/chat/${theirs.conversationId}?character=${theirs.characterId}`);
  await expect(other.getByRole('main').getByText('I am staying right here')).toBeVisible({
    timeout: 20_000,
  });
  await otherContext.close();
});
