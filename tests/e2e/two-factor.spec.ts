import { expect, type Page } from '@playwright/test';
import { secretOf, totpCode, wrongCode } from '../support/two-factor';
import { E2E_URL } from './ports';
import {
  expectAccessible,
  openAuthDialog,
  signInDirectly,
  snap,
  test,
  uniqueEmail,
} from './support';

const PASSWORD = 'moonlit garden stroll';

/**
 * The QR code's ground and squares as drawn, beside the page's own colours. Scanners want dark
 * squares on a light ground, in a dark theme and in a light one.
 */
async function qrColours(page: Page) {
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  return qr.evaluate((svg) => ({
    ground: getComputedStyle(svg.querySelector('rect')!).fill,
    squares: getComputedStyle(svg.querySelector('path')!).fill,
    page: getComputedStyle(document.body).backgroundColor,
    text: getComputedStyle(document.body).color,
  }));
}

/** Applies a preset theme and opens the section. */
async function openSectionIn(page: Page, themeId: string, scheme: 'light' | 'dark') {
  const chosen = await page.request.put('/api/themes/selection', {
    headers: { origin: E2E_URL },
    data: { selectedThemeId: themeId },
  });
  expect(chosen.ok()).toBe(true);
  // The staff console's link lands on the section.
  await page.goto('/account#two-factor');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme))
    .toBe(scheme);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Status: Off')).toBeVisible();
  return section;
}

async function startSetUp(page: Page) {
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up' }).click();
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Continue' }).click();
  return qrColours(page);
}

test('two-factor: set up on the Account page, then sign-in asks for the code', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  const email = uniqueEmail(info, 'two-factor');
  await signInDirectly(page, email, PASSWORD);

  // The default dark theme: the squares in the page colour on a ground of the text colour.
  const section = await openSectionIn(page, 'ultra-dark', 'dark');
  const dark = await startSetUp(page);
  expect([dark.ground, dark.squares]).toEqual([dark.text, dark.page]);
  // Given up half-way, nothing changed; set up again.
  await section.getByRole('button', { name: 'Cancel set-up' }).click();
  await expect(section.getByText('Status: Off')).toBeVisible();
  await startSetUp(page);
  await expect(
    section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  // What an authenticator app reads from the QR code; the key shown is the same secret.
  const uri = await section
    .getByRole('link', { name: 'Open in your authenticator app' })
    .getAttribute('href');
  const encoded = new URL(uri!).searchParams.get('secret')!;
  await expect(section.getByTestId('two-factor-secret')).toHaveText(
    encoded.match(/.{1,4}/g)!.join(' '),
  );
  const secret = secretOf(uri!);
  await expectAccessible(page);
  await snap(page, info, 'two-factor-set-up');

  await section.getByRole('button', { name: 'I have saved them' }).click();
  await section.getByLabel('Code from your authenticator app').fill(await totpCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Status: On.')).toBeVisible();
  await snap(page, info, 'two-factor-on');

  // Signed out; the password alone no longer signs in.
  await page.context().clearCookies();
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const code = dialog.getByLabel('Code from your authenticator app');
  await expect(code).toBeFocused();
  if (phone) {
    for (const target of [code, dialog.getByRole('button', { name: 'Verify' })]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  }
  await code.fill(await wrongCode(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(
    dialog.getByText("That code didn't match. Check the current code in your authenticator app."),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'two-factor-sign-in-code');

  await code.fill(await totpCode(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/chat/);
  const session = await page.request.get('/api/auth/get-session');
  expect(((await session.json()) as { user: { email: string } }).user.email).toBe(
    email.toLowerCase(),
  );
});

test('two-factor: in a light theme the QR code is still dark squares on a light ground', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'two-factor-light'), PASSWORD);
  await openSectionIn(page, 'workspace-light', 'light');
  const light = await startSetUp(page);
  expect([light.ground, light.squares]).toEqual([light.page, light.text]);
  await snap(page, info, 'two-factor-set-up-light');
});
