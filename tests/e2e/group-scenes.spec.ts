import { expect, type Page } from '@playwright/test';
import {
  E2E_SCENARIO_TEXT,
  E2E_SCENE_EXIT_TRIGGER,
  E2E_SCENE_SECRET,
  E2E_SCENE_TRIGGER,
} from './llm-fixtures';
import {
  createCharacter,
  expectAccessible,
  openSidebarOnPhone,
  SELENE,
  showToolbar,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Group scenes (issue 51), at desktop width and at 375 px: a scene of three characters started
 * from the sidebar, one taken out with 'Here now', a secret told while it is away, the scene's
 * pick of who answers and the user's, the character brought back not knowing the secret (the
 * stand-in model says what its prompt held), and a reply's versions switched with their speaker.
 */

const MARA = { ...SELENE, name: 'Mara', description: 'A harbour pilot who reads the tides.' };
const ODA = { ...SELENE, name: 'Oda', description: 'A lamp keeper who keeps every log.' };

/** Types into the scene's message box and sends it with Enter. */
async function say(page: Page, text: string) {
  const box = page.getByPlaceholder('Message the scene...');
  await box.fill(text);
  await box.press('Enter');
}

test('group scenes: three characters, one steps out, and only those present hear', async ({
  page,
}, info) => {
  await skipChatSplash(page);
  await signInDirectly(page, uniqueEmail(info, 'scene'));
  await createCharacter(page, SELENE);
  await createCharacter(page, MARA);
  await createCharacter(page, ODA);
  await page.goto('/chat');
  await openSidebarOnPhone(page);

  // 'New group scene': three characters, the first one greets; Texting.
  const newScene = page.getByRole('button', { name: 'New group scene' });
  await newScene.click();
  const dialog = page.getByRole('dialog');
  const start = dialog.getByRole('button', { name: 'Start' });
  await dialog.getByRole('checkbox', { name: /Selene/ }).check();
  await expect(start).toBeDisabled(); // one is not a scene
  await dialog.getByRole('checkbox', { name: /Mara/ }).check();
  await dialog.getByRole('checkbox', { name: /Oda/ }).check();
  await dialog.getByRole('radio', { name: 'Texting' }).check();
  await expectAccessible(page);
  await snap(page, info, 'scene-new');
  await start.click();
  await expect(page).toHaveURL(/\/chat\/\d+/);

  const here = page.getByTestId('here-now');
  await expect(here).toBeVisible();
  // The scene is named by its characters, and a message goes to the scene.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Selene, Mara and Oda');
  await expect(page.getByPlaceholder('Message the scene...')).toBeVisible();
  await expect(page.getByText('Say hello to Selene, Mara and Oda!')).toBeVisible();
  const member = (name: string) => here.getByRole('button', { name, exact: true });
  if (info.project.name === 'phone') {
    // On a phone the bar is one line until it is opened, so the thread keeps its room.
    const folded = here.getByRole('button', { name: /^Here: Selene, Mara, Oda · Next:/ });
    await expect(member('Oda')).toBeHidden();
    await snap(page, info, 'scene-bar-folded');
    await folded.click();
    await expect(folded).toHaveAttribute('aria-expanded', 'true');
  }
  for (const name of ['Selene', 'Mara', 'Oda']) {
    await expect(member(name)).toHaveAttribute('aria-pressed', 'true');
  }
  if (info.project.name === 'phone') {
    const box = (await member('Oda').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  }

  // Oda steps out; the secret is told to Mara, chosen from the keyboard.
  await member('Oda').click();
  await expect(member('Oda')).toHaveAttribute('aria-pressed', 'false');
  const next = page.getByRole('radiogroup', { name: 'Answers next' });
  await expect(next.getByRole('radio', { name: /Oda/ })).toHaveCount(0);
  await next.getByRole('radio', { name: 'Scene decides' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(next.getByRole('radio', { name: /Mara/ })).toBeChecked();
  await say(page, `The password is ${E2E_SCENE_SECRET}. ${E2E_SCENE_TRIGGER}`);
  const ai = page.getByTestId('message-ai');
  await expect(ai.last()).toContainText('Mara heard it.');
  await expect(ai.last().getByTestId('speaker')).toHaveText(/Mara/);
  await expect(next.getByRole('radio', { name: 'Scene decides' })).toBeChecked();

  // Oda comes back and is asked by name: it never heard the password.
  await member('Oda').click();
  await expect(member('Oda')).toHaveAttribute('aria-pressed', 'true');
  await say(page, `@Oda ${E2E_SCENE_TRIGGER}`);
  await expect(ai.last()).toContainText('Oda heard nothing.');
  await expect(ai.last().getByTestId('speaker')).toHaveText(/Oda/);
  await expectAccessible(page);
  await snap(page, info, 'scene-thread');

  // Let them talk: two turns, one each, the first present then another.
  const talk = here.getByRole('button', { name: /^Let them talk/ });
  await expect(talk).toContainText('2');
  const before = await ai.count();
  await talk.click();
  await expect(ai).toHaveCount(before + 2);
  await expect(ai.nth(before).getByTestId('speaker')).not.toHaveText(
    (await ai
      .nth(before + 1)
      .getByTestId('speaker')
      .textContent())!,
  );

  // Another version of Oda's answer keeps Oda; switching versions keeps each its speaker.
  const oda = ai.nth(before - 1);
  await showToolbar(oda, info);
  await oda.getByRole('button', { name: 'Regenerate' }).click();
  // An earlier reply: the later messages move to another version, which is said first.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Regenerate/ })
    .click();
  const latest = ai.nth(before - 1); // the later messages are on the other version
  await expect(latest.getByTestId('versions')).toContainText('2/2');
  await expect(latest.getByTestId('speaker')).toHaveText(/Oda/);
  await latest.getByRole('button', { name: 'Previous version' }).click();
  await expect(latest.getByTestId('versions')).toContainText('1/2');
  await expect(latest).toContainText('Oda heard nothing.');
  await expect(latest.getByTestId('speaker')).toHaveText(/Oda/);

  // The sidebar shows the scene with its three avatars.
  await openSidebarOnPhone(page);
  await expect(page.getByTestId('group-avatars').first()).toBeVisible();
  await expect(page.getByLabel(/Group scene with Selene, Mara and Oda/).first()).toBeVisible();
  await snap(page, info, 'scene-sidebar');
});

test('group scenes: a story with two characters, which sends one of them away', async ({
  page,
}, info) => {
  await skipChatSplash(page);
  await signInDirectly(page, uniqueEmail(info, 'scene-story'));
  await createCharacter(page, SELENE);
  await createCharacter(page, MARA);
  await page.goto('/chat');
  await openSidebarOnPhone(page);
  await page.getByRole('button', { name: 'New group scene' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /Selene/ }).check();
  await dialog.getByRole('checkbox', { name: /Mara/ }).check();
  await dialog.getByRole('radio', { name: 'Story' }).check();
  await dialog.getByRole('button', { name: 'Start' }).click();

  // The story begins from the user's idea, as any story does.
  await page
    .getByPlaceholder('Describe what you’d like to experience...')
    .fill('A storm at a lighthouse');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText(E2E_SCENARIO_TEXT)).toBeVisible();
  await expect(page.getByTestId('story-options').getByRole('button')).toHaveCount(4);

  // The user's own action; the story sends Mara away, and 'Here now' follows.
  const here = page.getByTestId('here-now');
  const mara = here.getByRole('button', { name: 'Mara', exact: true });
  if (info.project.name === 'phone') await here.getByRole('button', { name: /^Here: / }).click();
  await expect(mara).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('textbox', { name: 'Your own action' }).fill(E2E_SCENE_EXIT_TRIGGER);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = page.getByTestId('message-ai').last();
  await expect(reply).toContainText('The door closes behind her.');
  await expect(reply.getByTestId('speaker')).toBeVisible();
  await expect(mara).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page);
  await snap(page, info, 'scene-story');
});
