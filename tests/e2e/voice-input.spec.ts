import { expect } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import {
  createCharacter,
  expectAccessible,
  openChatWith,
  SELENE,
  signInDirectly,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Voice input (issue 50 part 2), at desktop width and at 375 px: the composer's microphone
 * records from Chromium's fake capture device (a tone), the server's speech-to-text stand-in
 * hears DEFAULT_TRANSCRIPT in it, and the words join what was typed, to be checked and sent.
 * A refused microphone says so and leaves the box as it was.
 */
// The full Chromium: its headless shell has no media capture (getUserMedia: NotSupportedError).
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'],
  },
});

const HEARD = 'Tell me about the lighthouse tonight';

test('voice input: the microphone records, and the words come into the message box', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['microphone']);
  await signInDirectly(page, uniqueEmail(info, 'voice'));
  const characterId = await createCharacter(page, SELENE);
  await openChatWith(page, characterId, 'Texting');
  const box = page.getByPlaceholder('Message Selene...');
  await box.fill('Hi.');
  const mic = page.getByRole('button', { name: 'Speak instead of typing' });
  if (info.project.name === 'phone') {
    const size = (await mic.boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
  }
  await mic.click();
  const stop = page.getByRole('button', { name: /^Stop recording/ });
  await expect(stop).toBeVisible();
  // The time recorded runs on the button (each second shows for a second only: a busy
  // machine's retries may step over one).
  await expect(stop).toHaveAccessibleName(/^Stop recording \(0:0[1-9]\)$/);
  await expectAccessible(page);
  await snap(page, info, 'voice-recording');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/transcriptions'));
  await stop.click();
  expect((await sent).status()).toBe(200);
  await expect(box).toHaveValue(`Hi. ${HEARD}`);
  await expect(box).toBeFocused();
  // Nothing was sent to the character: the user checks the words first.
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Speak instead of typing' })).toBeVisible();

  // Escape while recording throws the recording away.
  await page.getByRole('button', { name: 'Speak instead of typing' }).click();
  await expect(page.getByRole('button', { name: /^Stop recording/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Speak instead of typing' })).toBeVisible();
  await expect(box).toHaveValue(`Hi. ${HEARD}`);
});

test('voice input: a refused microphone says why, and nothing else changes', async ({
  page,
}, info) => {
  // No permission granted: a headless browser refuses the microphone.
  await signInDirectly(page, uniqueEmail(info, 'voice-refused'));
  const characterId = await createCharacter(page, SELENE);
  await openChatWith(page, characterId, 'Texting');
  const box = page.getByPlaceholder('Message Selene...');
  await box.fill('Typed instead');
  await page.getByRole('button', { name: 'Speak instead of typing' }).click();
  await expect(
    page.getByText(
      'Microphone access was refused. Allow it for this site in your browser’s settings to speak instead of typing.',
    ),
  ).toBeVisible();
  await expect(box).toHaveValue('Typed instead');
  await expect(page.getByRole('button', { name: 'Speak instead of typing' })).toBeEnabled();
  await snap(page, info, 'voice-refused');
});
