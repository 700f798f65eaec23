import { expect } from '@playwright/test';
import {
  createCharacter,
  expectAccessible,
  openChatWith,
  SELENE,
  sendMessage,
  signInDirectly,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Voice replies (issue 50 part 1), at desktop width and at 375 px, with the server's
 * text-to-speech stand-in (MP3 audio as long as the words take to say): 'Listen' reads a reply
 * aloud and becomes 'Stop' while it plays, a replay asks the server nothing, 'Auto-play replies'
 * reads the next reply by itself, and a character's voice is chosen, and heard, on its page.
 */

const isSpeech = (url: string) => /\/api\/messages\/\d+\/speech$/.test(url);

test('voice replies: Listen reads a reply aloud, and auto-play reads the next one by itself', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'listen'));
  const characterId = await createCharacter(page, { ...SELENE, voice: 'onyx' });
  await openChatWith(page, characterId, 'Assistant');
  await sendMessage(page, 'Tell me about the lamp');
  const reply = page.getByTestId('message-ai').last();
  await expect(reply).toContainText('The lamp flickers');
  await reply.hover();
  const listen = reply.getByRole('button', { name: 'Listen' });
  if (info.project.name === 'phone') {
    const size = (await listen.boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
  }
  const spoken = page.waitForResponse((r) => isSpeech(r.url()));
  await listen.click();
  const answer = await spoken;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('audio/mpeg');
  // While it plays the same button says Stop, and keeps the focus.
  const stop = reply.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  await expect(stop).toBeFocused();
  await expectAccessible(page);
  await snap(page, info, 'voice-listen-playing');
  // The stand-in's audio is a few seconds long: played to its end, Listen is back.
  await expect(reply.getByRole('button', { name: 'Listen' })).toBeVisible({ timeout: 10_000 });

  // A replay in the page asks the server nothing; Escape stops it.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (isSpeech(r.url())) asked.push(r.url());
  });
  await reply.getByRole('button', { name: 'Listen' }).click();
  await expect(reply.getByRole('button', { name: 'Stop' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(reply.getByRole('button', { name: 'Listen' })).toBeFocused();
  expect(asked).toEqual([]);

  // Auto-play: the next reply is read aloud when it is done, without a press.
  const autoPlay = page.getByRole('switch', { name: 'Auto-play replies' });
  await autoPlay.click();
  await expect(autoPlay).toHaveAttribute('aria-checked', 'true');
  const next = page.waitForResponse((r) => isSpeech(r.url()));
  await sendMessage(page, 'And the sea tonight?');
  expect((await next).status()).toBe(200);
  await expect(
    page.getByTestId('message-ai').last().getByRole('button', { name: 'Stop' }),
  ).toBeVisible();
  await snap(page, info, 'voice-autoplay');
  // Kept with the conversation: on after a reload.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Auto-play replies' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('voice replies: a character’s voice is chosen on its page, with a sample to hear', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'voice-pick'));
  const characterId = await createCharacter(page, SELENE);
  await page.goto(`/edit/${characterId}#chat-settings`);
  const voice = page.getByLabel('Voice');
  await expect(voice).toHaveValue('');
  await expect(voice.locator('option:checked')).toHaveText('Default (Nova)');
  await voice.selectOption({ label: 'Onyx' });
  const sample = page.waitForResponse((r) => r.url().endsWith('/api/voices/onyx/sample'));
  await page.getByRole('button', { name: 'Play sample' }).click();
  expect((await sample).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Stop sample' })).toBeFocused();
  await expectAccessible(page);
  await snap(page, info, 'voice-picker');
  // The sample is a sentence: played to its end, the button is back.
  await expect(page.getByRole('button', { name: 'Play sample' })).toBeVisible({ timeout: 10_000 });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/characters/${characterId}`) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Update Character' }).click();
  expect((await saved).request().postDataJSON()).toMatchObject({ voice: 'onyx' });
  const stored = await page.request.get(`/api/characters/${characterId}`);
  expect(((await stored.json()) as { voice: string }).voice).toBe('onyx');
});
