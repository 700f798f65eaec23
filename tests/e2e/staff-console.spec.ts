import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_CONTROL_URL } from './ports';
import {
  createCharacter,
  expectAccessible,
  expectFingerSized,
  openChatWith,
  sendMessage,
  signInDirectly,
  snap,
  test,
  uniqueEmail,
} from './support';
import { signInStaffAdmin } from './staff-admin';

const PASSWORD = 'moonlit garden stroll';

/**
 * Issue 48: the staff console. An admin with two-factor opens /admin, finds a user, gives them
 * credits with a reason (from the keyboard alone), sees the new balance, and the audit log shows
 * the grant with who, whom and why.
 */

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the target');
}

test('staff console: an admin finds a user, gives credits with a reason, and the audit shows it', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  const member = uniqueEmail(info, 'console-member');
  const created = await page.request.post(`${E2E_CONTROL_URL}/sign-in`, {
    data: { email: member, name: 'Morgan Member' },
  });
  expect(created.status()).toBe(200);
  // An account the adults-only rule has paused (its user says they are 15): the Safety section
  // lists it for a review.
  const minor = uniqueEmail(info, 'console-minor');
  await signInDirectly(page, minor);
  await openChatWith(page, await createCharacter(page), 'Assistant');
  await sendMessage(page, "I'm 15 and in ninth grade");
  await expect(page.getByTestId('chat-paused')).toBeVisible();
  const admin = uniqueEmail(info, 'console-admin');
  await signInStaffAdmin(page, admin, PASSWORD);

  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  if (phone) {
    for (const link of await nav.getByRole('link').all()) {
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // The nav scrolls sideways instead of the page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }

  await page.getByLabel('E-mail or name').fill(member);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Accounts' });
  await results.getByRole('link', { name: new RegExp(member.replace(/\./g, '\\.')) }).click();
  await expect(page.getByRole('heading', { name: member })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/.+/);
  // A new section's heading takes the focus.
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeFocused();
  const credits = page.getByTestId('staff-user-credits');
  await expect(credits).toHaveText(/^\d+$/);
  const before = Number(await credits.textContent());
  await expectAccessible(page);
  await expectFingerSized(page, info);

  // The grant from the keyboard alone.
  const opener = page.getByRole('button', { name: 'Give or take credits' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Give or take credits' });
  await expect(dialog.getByLabel('Credits (negative to take)')).toBeFocused();
  await page.keyboard.type('25');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Goodwill after the outage');
  await tabTo(page, dialog.getByRole('button', { name: 'Save credits' }), 5);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-console-grant');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(credits).toHaveText(String(before + 25));
  await expect(opener).toBeFocused();
  await expect(page.getByRole('list', { name: 'Credit grants' })).toContainText(
    'Goodwill after the outage',
  );
  await snap(page, info, 'staff-console-user');

  await nav.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Audit' })).toBeFocused();
  // The log is everyone's (the other width's test writes to it too): this admin's grant.
  const grant = page
    .getByRole('list', { name: 'Audit log' })
    .getByRole('listitem')
    .filter({ hasText: 'POST /api/admin/users/:userId/credits' })
    .filter({ hasText: admin.toLowerCase() });
  await expect(grant).toHaveCount(1);
  await expect(grant).toContainText('Why: Goodwill after the outage');
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-console-audit');

  // The other sections read from the server too (nothing is changed here: the brand and the
  // banner are every test's).
  await nav.getByRole('link', { name: 'Brand' }).click();
  await expect(page.getByLabel('Product name')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save brand' })).toBeVisible();
  await expectFingerSized(page, info);
  await nav.getByRole('link', { name: 'Site' }).click();
  await expect(page.getByRole('switch', { name: 'Pause replies' })).toBeVisible();
  await expectFingerSized(page, info);
  await nav.getByRole('link', { name: 'Safety' }).click();
  await expect(page.getByRole('heading', { name: 'Monthly report' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Paused accounts' }).getByRole('link', { name: minor }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-console-safety');
});

test('staff console: a signed-in user who is not staff sees the not-found screen', async ({
  page,
}, info) => {
  await signInDirectly(page, uniqueEmail(info, 'console-outsider'), PASSWORD);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toHaveCount(0);
});
