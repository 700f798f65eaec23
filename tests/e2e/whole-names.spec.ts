import { expect, type Locator } from '@playwright/test';
import { PRESET_THEMES } from '../../src/shared/themes/presets';
import { THEME_LIMITS } from '../../src/shared/themes/schemas';
import { E2E_URL } from './ports';
import {
  expectAccessible,
  openSidebarOnPhone,
  signInDirectly,
  skipChatSplash,
  snap,
  test,
  uniqueEmail,
} from './support';

/**
 * Issue 45, item 11: what the user reads about themselves is shown whole, also at 375 px: their
 * e-mail address in the user menu (the spec's masked 'mar...ux@' was unrecognisable) and the
 * theme names in Theme Settings (the selected card's tick cut its name off).
 */

/** The element shows all of its text: nothing cut by its own box or its card's. */
async function expectWhole(element: Locator, within: Locator) {
  const box = await element.evaluate((el) => ({
    clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
  }));
  expect(box.clipped, 'clipped').toBe(false);
  const [inner, outer] = [await element.boundingBox(), await within.boundingBox()];
  expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
}

test('the user menu shows the whole e-mail address', async ({ page }, info) => {
  // A long address, as real ones often are.
  const email = uniqueEmail(info, 'marguerite.delacroix-longname');
  await skipChatSplash(page);
  await signInDirectly(page, email);
  await page.goto('/chat');
  await openSidebarOnPhone(page);
  const trigger = page.getByTestId('user-menu-trigger');
  const address = trigger.getByText(email, { exact: true });
  await expect(address).toBeVisible();
  await expectWhole(address, trigger);
  await snap(page, info, 'user-menu-email');
});

test('Theme Settings shows every theme name whole, selected or not', async ({ page }, info) => {
  const email = uniqueEmail(info, 'namer');
  await skipChatSplash(page);
  await signInDirectly(page, email);
  // The longest name a saved theme may have, in one word and in several.
  const long = 'Moonlit-Garden-Stroll-After-Midnight-Sea';
  const spaced = 'A very long name for a calm evening tide';
  expect([long.length, spaced.length]).toEqual([
    THEME_LIMITS.nameMaxLength,
    THEME_LIMITS.nameMaxLength,
  ]);
  for (const name of [long, spaced]) {
    const saved = await page.request.post(`${E2E_URL}/api/themes`, {
      headers: { origin: E2E_URL },
      data: {
        name,
        colors: {
          main: '#101018',
          theme: '#181824',
          chatBubbleUser: '#3b3b8f',
          chatBubbleAI: '#26263a',
        },
      },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
  }
  await page.goto('/chat');
  await openSidebarOnPhone(page);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Change Theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Theme Settings' });
  await expect(dialog).toBeVisible();
  const names = [...PRESET_THEMES.map((p) => p.name), long, spaced];
  for (const name of names) {
    const card = dialog.getByRole('radio', { name, exact: true });
    await card.click();
    await expect(card).toHaveAttribute('aria-checked', 'true');
    await expectWhole(card.getByText(name, { exact: true }), card);
  }
  await dialog.getByRole('radio', { name: 'Workspace Light' }).click();
  await expectAccessible(page);
  await snap(page, info, 'theme-names');
});
