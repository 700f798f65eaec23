import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { E2E_CONTROL_URL } from './ports';
import { LAST_CHARACTER_COOKIE } from '../../src/shared/first-reads';
import { E2E_CHARACTER, E2E_READS_AS_MINOR } from './llm-fixtures';
import {
  dismissToasts,
  expectAccessible,
  expectFingerSized,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

// The chat's loading splash has its own tests (chat.spec.ts).
test.beforeEach(({ page }) => skipChatSplash(page));

const MANUAL = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  personality: 'Playful and literate; teases gently and quotes poetry at midnight.',
};

async function avatarFile(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'portrait.png');
  await sharp({ create: { width: 300, height: 300, channels: 3, background: '#7c3aed' } })
    .png()
    .toFile(file);
  return file;
}

/** Opens the sidebar on phones (it is a slide-over there). */
async function sidebar(page: Page) {
  const aside = page.getByRole('complementary', { name: 'Sidebar' });
  await aside.waitFor({ state: 'attached' });
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(page.getByTestId('sidebar-backdrop')).toBeVisible();
  }
  return aside;
}

async function createManually(page: Page, name = MANUAL.name) {
  await page.goto('/create');
  await page.getByRole('button', { name: 'Create manually' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill(MANUAL.description);
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Personality & instructions').fill(MANUAL.personality);
  await page.getByRole('button', { name: 'Create Character' }).click();
  await expect(page).toHaveURL(/\/chat\?character=\d+$/);
  // Out of the way of the chat header's menu and the form buttons (see dismissToasts).
  await dismissToasts(page, `${name} has been added to your collection.`);
  return Number(new URL(page.url()).searchParams.get('character'));
}

test('create a character by hand: avatar, gradient, preferences, directness and roles', async ({
  page,
}, info) => {
  // The whole creation flow in one test takes about 35 s alone here, too close to the default
  // 45 s when two browsers share the machine's two cores.
  test.setTimeout(90_000);
  await signInDirectly(page, uniqueEmail(info, 'creator'));
  await page.goto('/chat');
  const side = await sidebar(page);
  await side.getByRole('link', { name: 'Create Character' }).click();
  await expect(page).toHaveURL('/create');
  await expect(page.getByRole('link', { name: 'Back to Chat' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'create-intro');
  await expectFingerSized(page, info);
  await page.getByRole('button', { name: 'Create manually' }).click();

  // Validation with the spec's messages.
  await page.getByRole('button', { name: 'Create Character' }).click();
  await expect(page.getByText('Character name is required')).toBeVisible();
  await expect(
    page.getByText('Description must be at least 10 characters', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Gender is required')).toBeVisible();

  // Counters turn yellow at 80 and red at 92 characters.
  const description = page.getByLabel('Description');
  await description.fill('d'.repeat(85));
  await expect(page.getByTestId('description-count')).toHaveText('85 / 100');
  await expect(page.getByTestId('description-count')).toHaveClass(/text-warning/);
  await description.fill('d'.repeat(95));
  await expect(page.getByTestId('description-count')).toHaveClass(/text-error/);

  await page.getByLabel('Name').fill(MANUAL.name);
  await description.fill(MANUAL.description);
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Personality & instructions').fill(MANUAL.personality);

  // Gradient first, then an uploaded image (which disables the gradient picker), then remove.
  await page.getByRole('radio', { name: /Ocean/i }).click();
  await expect(page.getByRole('radio', { name: /Ocean/i })).toHaveAttribute('aria-checked', 'true');
  // A picture it does not take is refused here, and the picker is emptied: the same file,
  // fixed and chosen again, is a new choice (the browser fires no change for the value it holds).
  const avatarInput = page.getByTestId('avatar-file-input');
  await avatarInput.setInputFiles({
    name: 'portrait.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByText('Only JPEG, PNG, and WebP images are allowed')).toBeVisible();
  await expect(avatarInput).toHaveValue('');
  await avatarInput.setInputFiles(await avatarFile(info.outputDir));
  await expect(page.getByText('Avatar uploaded')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Fire/i })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Avatar removed')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Fire/i })).toBeEnabled();
  await page.getByTestId('avatar-file-input').setInputFiles(await avatarFile(info.outputDir));
  await expect(page.getByText('Avatar uploaded').first()).toBeVisible();

  await page.getByRole('button', { name: 'Romance', exact: true }).click();
  await page.getByRole('button', { name: 'Humor', exact: true }).click();
  await page.getByLabel('Include character roles/professions').check();
  await page.getByRole('button', { name: 'Select roles (0/5)' }).click();
  const picker = page.getByRole('dialog', { name: 'Pick up to 5 roles' });
  await picker.getByPlaceholder('Search roles...').fill('detect');
  await picker.getByLabel('Detective').first().check();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Select roles (1/5)' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'create-form');

  await page.getByRole('button', { name: 'Create Character' }).click();
  await expect(page).toHaveURL(/\/chat\?character=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('character'));
  // The toast survives the full navigation to the chat screen.
  await expect(page.getByText('Selene has been added to your collection.')).toBeVisible();

  const saved = await (await page.request.get(`/api/characters/${id}`)).json();
  expect(saved).toMatchObject({
    name: MANUAL.name,
    gender: 'female',
    sexualPreferences: ['Romance', 'Humor'],
    includeRoles: true,
    roles: ['Detective'],
    directnessLevel: 2,
  });
  expect(saved.avatarUrl).toMatch(/^\/avatars\/.+\.png$/);

  // The chat screen shows the character in the header and the sidebar, with its chat count.
  await expect(page.getByText('Online')).toBeVisible();
  const list = await sidebar(page);
  await expect(list.getByRole('button', { name: /Selene\s*0 chats/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'chat-with-character');

  // /chat alone returns to the last character.
  await page.goto('/chat');
  await expect(page).toHaveURL(`/chat?character=${id}`);
});

test('the adults-only rule and its second opinion explain refusals in the form', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'adults-only'));
  await page.goto('/create');
  await page.getByRole('button', { name: 'Create manually' }).click();
  await page.getByLabel('Name').fill('Mara');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Personality & instructions').fill(MANUAL.personality);
  const description = page.getByLabel('Description');
  const create = page.getByRole('button', { name: 'Create Character' });

  // The rule: an adult age beside a school year only children have is still refused.
  await description.fill('A 19-year-old high-school sophomore.');
  await create.click();
  await expect(
    page.getByText(
      'Characters must be adults (18+). Please remove the reference to "high-school sophomore" ' +
        'from the description.',
    ),
  ).toBeVisible();

  // The model's second opinion, for what the rule cannot see.
  await description.fill(E2E_READS_AS_MINOR);
  await dismissToasts(page);
  await create.click();
  await expect(
    page.getByText(
      'Characters must be adults (18+). This character reads as a minor. Reason: She is ' +
        'written as a child in the care of a nanny. Please make their adult age and adult life ' +
        'clear.',
    ),
  ).toBeVisible();
  await snap(page, info, 'create-minor-refused');
  await expect(page).toHaveURL('/create');

  // Children in another role are fine: a kindergarten teacher is saved.
  await description.fill('A 35-year-old kindergarten teacher.');
  await dismissToasts(page);
  await create.click();
  await expect(page).toHaveURL(/\/chat\?character=\d+$/);
});

test('create a character with AI', async ({ page }, info) => {
  await signInDirectly(page, uniqueEmail(info, 'ai-creator'));
  await page.goto('/create');
  await page.getByLabel(/Describe your character/).fill('a sky pirate captain');
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(E2E_CHARACTER.name);
  await expect(page.getByLabel('Description')).toHaveValue(E2E_CHARACTER.description);
  await expect(page.getByLabel('Gender')).toHaveValue('female');
  await expect(page.getByRole('button', { name: 'Adventure', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Include character roles/professions')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible(); // generated avatar
  await snap(page, info, 'create-generated');
  await page.getByRole('button', { name: 'Create Character' }).click();
  await expect(page).toHaveURL(/\/chat\?character=\d+$/);
  await expect(
    page.getByRole('main').getByRole('heading', { name: E2E_CHARACTER.name }),
  ).toBeVisible();
});

test('edit a character', async ({ page }, info) => {
  await signInDirectly(page, uniqueEmail(info, 'editor'));
  const id = await createManually(page);
  // The open character's menu in the chat header.
  await page
    .getByRole('banner')
    .getByRole('button', { name: `Options for ${MANUAL.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit Character' }).click();
  await expect(page).toHaveURL(`/edit/${id}`);
  await expect(page.getByLabel('Name')).toHaveValue(MANUAL.name);
  // The edit screen allows 200 characters (yellow at 180).
  await page.getByLabel('Description').fill('e'.repeat(185));
  await expect(page.getByTestId('description-count')).toHaveText('185 / 200');
  await expect(page.getByTestId('description-count')).toHaveClass(/text-warning/);
  await page.getByLabel('Description').fill('A moonlit poet who now writes songs for the stars.');
  await page.getByLabel('Name').fill('Selene Nightsong');
  await page.getByRole('radio', { name: /Velvet/i }).click();
  await expectAccessible(page);
  await snap(page, info, 'edit');
  await expectFingerSized(page, info);
  await page.getByRole('button', { name: 'Update Character' }).click();
  await expect(page.getByText('Selene Nightsong has been updated!')).toBeVisible();
  await expect(page).toHaveURL(`/chat?character=${id}`);
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Selene Nightsong' }),
  ).toBeVisible();
  await expect(page.getByText('A moonlit poet who now writes songs for the stars.')).toBeVisible();
});

test('character settings with the role picker limit', async ({ page }, info) => {
  await signInDirectly(page, uniqueEmail(info, 'settings'));
  const id = await createManually(page);
  // The settings are on the edit page now (issue 45); the old address leads there.
  await page.goto(`/settings/${id}`);
  await expect(page).toHaveURL(`/edit/${id}#chat-settings`);
  await expect(page.getByRole('heading', { name: `How ${MANUAL.name} chats` })).toBeFocused();
  const emojis = page.getByRole('switch', { name: 'Enable Emojis' });
  // A finger's size, though its track is drawn 24 px high (the switch was 24 px before).
  const box = await emojis.boundingBox();
  expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
  await emojis.click();
  await page.getByLabel('Include character roles/professions').check();
  await page.getByRole('button', { name: 'Select roles (0/5)' }).click();
  const picker = page.getByRole('dialog', { name: 'Pick up to 5 roles' });
  for (const role of ['Doctor', 'Pirate', 'Vampire', 'Werewolf', 'Siren']) {
    await picker.getByPlaceholder('Search roles...').fill(role);
    await picker.getByLabel(role, { exact: true }).first().check();
  }
  await picker.getByPlaceholder('Search roles...').fill('');
  await expect(picker.getByLabel('Chef', { exact: true })).toBeDisabled();
  await picker.getByText('Chef', { exact: true }).click({ force: true });
  await expect(page.getByText('Role limit reached')).toBeVisible();
  await picker.getByPlaceholder('Search roles...').fill('zzzz');
  await expect(picker.getByText('No roles match “zzzz”.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'role-picker');
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Remove Siren' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Siren' }).click();
  await expect(page.getByRole('button', { name: 'Select roles (4/5)' })).toBeVisible();
  await snap(page, info, 'settings');
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Update Character' }).click();
  await expect(page.getByText(`${MANUAL.name} has been updated!`)).toBeVisible();
  await expect(page).toHaveURL(`/chat?character=${id}`);
  const saved = await (await page.request.get(`/api/characters/${id}`)).json();
  expect(saved.settings).toEqual({ emojis: false, actionMessages: true });
  expect(saved.roles).toEqual(['Doctor', 'Pirate', 'Vampire', 'Werewolf']);
  expect(saved.description).toBe(MANUAL.description); // passed through unchanged
});

test('delete characters with and without their conversations', async ({ page }, info) => {
  const email = uniqueEmail(info, 'deleter');
  await signInDirectly(page, email);
  const keepId = await createManually(page, 'Keeper');
  const dropId = await createManually(page, 'Dropper');
  const seed = (characterId: number, count: number) =>
    page.request.post(`${E2E_CONTROL_URL}/conversations`, { data: { email, characterId, count } });
  const countOf = async (characterId: number) =>
    (
      await (
        await page.request.get(`${E2E_CONTROL_URL}/conversations?characterId=${characterId}`)
      ).json()
    ).count as number;
  await seed(keepId, 2);
  await seed(dropId, 3);
  await page.goto(`/chat?character=${dropId}`);
  const list = await sidebar(page);
  await expect(list.getByRole('button', { name: /Dropper\s*3 chats/ })).toBeVisible();
  // Sorted by number of chats, most first.
  await expect(list.getByRole('listitem').first()).toContainText('Dropper');

  // With conversations, from the header menu of the open character.
  if (info.project.name === 'phone') {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sidebar-backdrop')).toBeHidden();
  }
  await page.getByRole('banner').getByRole('button', { name: 'Options for Dropper' }).click();
  await page.getByRole('menuitem', { name: 'Delete Character' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Dropper?' });
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByLabel('Delete conversations with this character').check();
  await expectAccessible(page);
  await snap(page, info, 'delete-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Character removed.')).toBeVisible();
  expect(await countOf(dropId)).toBe(0);
  // The character with the most chats is selected next.
  await expect(page).toHaveURL(`/chat?character=${keepId}`);

  // Without conversations: they stay (the character is gone).
  const side = await sidebar(page);
  await side.getByRole('button', { name: 'Options for Keeper' }).click();
  await page.getByRole('menuitem', { name: 'Delete Character' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Keeper?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL('/chat');
  expect(await (await page.request.get(`/api/characters/${keepId}`)).status()).toBe(404);
  await expect(page.getByText('Create your first companion to start chatting.')).toBeVisible();
  // The deleted character is forgotten by the browser, the server's cookie included.
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name === LAST_CHARACTER_COOKIE)).toEqual([]);
});
