import { expect } from '@playwright/test';
import { E2E_PICTURE_CAPTION } from './llm-fixtures';
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
 * Pictures in chat (issue 50 part 3), at desktop width and at 375 px, with the server's images
 * stand-in: 'Send me a picture' says what it costs, asks what the picture should show, and the
 * character's picture arrives in the thread as its message; pressed, it opens full size in a
 * viewer that Escape closes, the focus coming back to the picture.
 */

const isPictures = (url: string) => /\/api\/conversations\/\d+\/pictures$/.test(url);

test('pictures: the character sends a picture, which opens full size', async ({ page }, info) => {
  await signInDirectly(page, uniqueEmail(info, 'picture'));
  const characterId = await createCharacter(page, SELENE);
  await openChatWith(page, characterId, 'Texting');
  await sendMessage(page, 'Good evening!');
  await expect(page.getByTestId('message-ai').last()).not.toBeEmpty();

  const button = page.getByRole('button', { name: 'Send me a picture' });
  if (info.project.name === 'phone') {
    const size = (await button.boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
  }
  await button.click();
  const wish = page.getByLabel('What should it show? (optional)');
  await expect(wish).toBeFocused();
  // Its cost is said before it is asked for (PICTURE_CREDITS, 5 by default).
  await expect(page.getByRole('button', { name: /^Send me a picture · 5 / })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'picture-panel');
  // Escape closes the panel and gives the button the focus back.
  await page.keyboard.press('Escape');
  await expect(wish).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await page.getByLabel('What should it show? (optional)').fill('you by the lighthouse');
  const made = page.waitForResponse((r) => isPictures(r.url()));
  await page.keyboard.press('Enter');
  expect((await made).status()).toBe(200);

  const reply = page.getByTestId('message-ai').last();
  await expect(reply).toContainText(E2E_PICTURE_CAPTION);
  const thumbnail = reply.getByRole('button', { name: 'Open the picture full size' });
  await expect(thumbnail).toBeVisible();
  // The picture itself loaded (its owner's session reads it), at its stored proportions.
  const image = thumbnail.getByRole('img');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // A picture is asked for anew, never regenerated or continued.
  await expect(reply.getByRole('button', { name: /^Regenerate/ })).toHaveCount(0);
  await expect(reply.getByRole('button', { name: /^Continue/ })).toHaveCount(0);
  await snap(page, info, 'picture-in-thread');

  await thumbnail.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img')).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close' }).first()).toBeFocused();
  await expectAccessible(page);
  await snap(page, info, 'picture-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // Kept with the conversation: there after a reload.
  await page.reload();
  await expect(
    page
      .getByTestId('message-ai')
      .last()
      .getByRole('button', { name: 'Open the picture full size' }),
  ).toBeVisible();
});
