import { expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD_MESSAGES } from '../../src/shared/auth/contract';
import {
  aClientAddress,
  confirmAgeIn,
  expectAccessible,
  expectFingerSized,
  mailTo,
  openAuthDialog,
  signInDirectly,
  snap,
  uniqueEmail,
  verificationLinkIn,
  test,
} from './support';

const PASSWORD = 'moonlit garden stroll';

// The sign-ups and sign-ins here go through the page's forms: each test's browser comes from an
// address of its own, so this file's sign-ups (about eight a run) do not count against the
// limit of ten an hour for 127.0.0.1, where a new sign-up test would trip it.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': aClientAddress() });
});

async function signUp(page: Page, email: string, name = '') {
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  if (name) await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByPlaceholder('Create a password').fill(PASSWORD);
  await dialog.getByLabel(/Terms & Conditions/).check();
  await dialog.getByLabel(/Privacy Policy/).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page.getByText('Check your email to verify your account.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function signIn(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Welcome to Reverie AI' });
  await dialog.getByRole('tab', { name: 'Sign In' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('sign up → verification mail → verify, signed in → profile → logout → sign in', async ({
  page,
}, info) => {
  // The longest journey of the suite: it needs more than the default time on a busy machine.
  test.slow();
  const email = uniqueEmail(info, 'newcomer');
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  // Legal links open in a new tab.
  await expect(dialog.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'target',
    '_blank',
  );
  // Both boxes are required.
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByPlaceholder('Create a password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('You must accept the Terms & Conditions')).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'auth-dialog-signup-errors');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await signUp(page, email, 'Riley');

  // Signing in before verifying is refused, with a way to get the mail again.
  await openAuthDialog(page);
  await signIn(page, email);
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText(/verify your email address first/i).first()).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await snap(page, info, 'auth-dialog-unverified');
  await page.keyboard.press('Escape');

  // The link, opened in the browser that signed up, signs in and lands in the app.
  const mail = await mailTo(email);
  await page.goto(verificationLinkIn(mail));
  await expect(page).toHaveURL('/chat');
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByText('Your account is ready.', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome to Reverie AI' })).toHaveCount(0);

  // No profile yet: the dialog opens by itself.
  const profile = page.getByRole('dialog', { name: 'Set up your profile' });
  await expect(profile).toBeVisible();
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'profile-setup');
  // The name given at sign-up is already there.
  await expect(profile.getByLabel('Name')).toHaveValue('Riley');
  await profile.getByLabel('Name').fill('');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByText('Name is required')).toBeVisible();
  await expect(profile.getByText('Gender is required')).toBeVisible();
  await profile.getByLabel('Name').fill('Riley');
  await profile.getByLabel('Gender').selectOption('Non-binary');
  await profile.getByRole('button', { name: 'Romance' }).click();
  await profile.getByRole('button', { name: 'Playful banter' }).click();
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Riley' })).toBeVisible();

  // The user menu: name, the whole e-mail address, User Profile (edit mode), Logout.
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(page.getByTestId('sidebar-backdrop')).toBeVisible();
  }
  const trigger = page.getByTestId('user-menu-trigger');
  await expect(trigger).toContainText('Riley');
  await expect(trigger).toContainText(email);
  await snap(page, info, 'dashboard');
  await trigger.click();
  await expect(page.getByRole('menuitem', { name: 'User Profile' })).toBeVisible();
  await expectFingerSized(page, info);
  await page.getByRole('menuitem', { name: 'User Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Name')).toHaveValue('Riley');
  await expect(edit.getByLabel('Gender')).toHaveValue('Non-binary');
  await expect(edit.getByRole('button', { name: 'Romance' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectFingerSized(page, info);
  await edit.getByLabel('Name').fill('Riley R.');
  await edit.getByRole('button', { name: 'Save Profile' }).click();
  await expect(edit).toBeHidden();
  await expect(trigger).toContainText('Riley R.');

  // The profile survives a reload and does not reopen by itself.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Riley R.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  if (info.project.name === 'phone')
    await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' }),
  ).toBeVisible();
  // Signed out again: the chat screen asks to sign in (its dialog opens by itself).
  await page.goto('/chat');
  // The sign-in dialog opens by itself over the prompt (and hides it from assistive tech).
  const signInAgain = page.getByRole('dialog', { name: 'Welcome to Reverie AI' });
  await expect(signInAgain).toBeVisible();
  await signInAgain.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();

  // Signing in from the landing page lands in the app.
  await page.goto('/');
  await openAuthDialog(page);
  await signIn(page, email);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText('Successfully signed in to your account.')).toBeVisible();
  await expect(page).toHaveURL('/chat');
  await expect(page.getByRole('heading', { name: 'Welcome, Riley R.' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome to Reverie AI' })).toHaveCount(0);
});

test('the verification link opened in another browser verifies, then asks to sign in', async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail(info, 'two-browsers');
  await signUp(page, email);
  // The mail is opened on another device: the address is verified, no one is signed in there.
  const otherContext = await browser.newContext();
  await confirmAgeIn(otherContext);
  const other = await otherContext.newPage();
  await other.goto(verificationLinkIn(await mailTo(email)));
  await expect(other).toHaveURL('/chat');
  await expect(other.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
  const dialog = other.getByRole('dialog', { name: 'Welcome to Reverie AI' });
  await expect(dialog).toBeVisible();
  await snap(other, info, 'verified-elsewhere');
  await otherContext.close();
  // A link that no longer works says so, and offers sign-in.
  const broken = new URL(verificationLinkIn(await mailTo(email)));
  broken.searchParams.set('token', `${broken.searchParams.get('token')}x`);
  await page.goto(broken.toString());
  await expect(page.getByText('Verification failed')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome to Reverie AI' })).toBeVisible();
  // Signed in from the chat screen, the user stays there.
  await signIn(page, email);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/chat');
});

test('signing in from a page that asked for it stays on that page', async ({ page }, info) => {
  const email = uniqueEmail(info, 'member');
  await signInDirectly(page, email, PASSWORD);
  await page.context().clearCookies();
  await page.goto('/membership');
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await signIn(page, email);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/membership');
  await expect(page.getByText('Please sign in to view your membership.')).toHaveCount(0);
});

async function openSignUp(page: Page, email: string, name: string) {
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/Terms & Conditions/).check();
  await dialog.getByLabel(/Privacy Policy/).check();
  return dialog;
}

test('the sign-up form shows the strength as the password is typed and refuses a weak one', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'meter');
  const dialog = await openSignUp(page, email, 'Quinn Harlow');
  const password = dialog.getByPlaceholder('Create a password');
  const meter = dialog.getByTestId('password-strength');
  await expect(dialog.getByText(/not your name or email/)).toBeVisible();

  await password.pressSequentially('aaaaaaaa');
  await expect(meter).toContainText('Password strength: Very weak');
  await expect(meter).toContainText(PASSWORD_MESSAGES.weak);
  await expect(meter).toContainText(/repeated characters/i);
  await snap(page, info, 'password-meter-weak');

  await password.fill('harlow family picnic');
  await expect(meter).toContainText(PASSWORD_MESSAGES.personal);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // Refused on the form, with the field's error saying what to do.
  await expect(dialog.getByRole('alert')).toHaveText(PASSWORD_MESSAGES.personal);
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill('');
  await password.pressSequentially('copper kettle drifting north');
  await expect(meter).toContainText('Password strength: Strong');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, info, 'password-meter-strong');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
});

test('nothing below the password moves when its strength arrives', async ({ page }, info) => {
  // The verdict comes from a worker a moment after typing stops: had the meter appeared only
  // then, a pointer on its way to the button would land beside it (a flaky click in this suite).
  const dialog = await openSignUp(page, uniqueEmail(info, 'steady'), '');
  const password = dialog.getByPlaceholder('Create a password');
  const submit = dialog.getByRole('button', { name: 'Create Account' });
  const meter = dialog.getByTestId('password-strength');
  // Measured from the field, so that a scroll of the dialog (a phone's) does not count.
  const gap = async () => (await submit.boundingBox())!.y - (await password.boundingBox())!.y;
  const before = await gap();
  await snap(page, info, 'password-meter-empty');
  await password.pressSequentially('copper kettle drifting north');
  await expect(meter).toContainText('Password strength: Strong');
  expect(await gap()).toBe(before);
  await snap(page, info, 'password-meter-steady');
});

test("the server's refusal shows on the field when the strength check cannot load", async ({
  page,
}, info) => {
  await page.route('**/assets/password-strength.worker-*', (route) => route.abort());
  const dialog = await openSignUp(page, uniqueEmail(info, 'nometer'), '');
  await dialog.getByPlaceholder('Create a password').fill('reverie123');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(PASSWORD_MESSAGES.weak);
  await expect(dialog.getByTestId('password-strength')).toBeEmpty();
  await expect(dialog).toBeVisible();
});

test('signed out, /chat asks to sign in', async ({ page }, info) => {
  await page.goto('/chat');
  // The sign-in dialog opens by itself (and hides the page behind it from assistive tech).
  const dialog = page.getByRole('dialog', { name: 'Welcome to Reverie AI' });
  await expect(dialog).toBeVisible();
  await snap(page, info, 'auth-required');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please sign in to access your AI companions')).toBeVisible();
  await expectAccessible(page);
});

test('a wrong password shows the sign-in failure toast', async ({ page }) => {
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await dialog.getByLabel('Email').fill('nobody@example.com');
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('Enter again while signing in sends nothing more, and Sign In keeps the focus', async ({
  page,
}) => {
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  // The answer held, as on a slow connection, until the test has pressed what it presses (a
  // timer here ran out first on a busy machine): every request the form sends is counted.
  let sent = 0;
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/auth/sign-in/email', async (route) => {
    sent += 1;
    await held;
    await route.continue();
  });
  // An address of its own: five failures for one address are refused for 15 minutes.
  await dialog.getByLabel('Email').fill(`slow-${Date.now()}@example.com`);
  const password = dialog.getByLabel('Password');
  await password.fill('not the password');
  const colour = (button: Locator) => button.evaluate((b) => getComputedStyle(b).backgroundColor);
  const resting = await colour(dialog.getByRole('button', { name: 'Sign In', exact: true }));
  await password.press('Enter');
  const busy = dialog.getByRole('button', { name: 'Signing in...' });
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  // Under the pointer it keeps its colour: a busy button does not look pressable.
  await busy.hover();
  expect(await colour(busy)).toBe(resting);
  await password.press('Enter');
  await busy.press('Enter');
  await expect(busy).toBeFocused();

  answer();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  const signIn = dialog.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeFocused();
  await expect(signIn).not.toHaveAttribute('aria-disabled');
  expect(sent).toBe(1);
});

test('Google sign-in runs the OpenID Connect redirect and lands on /chat', async ({
  page,
}, info) => {
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await expect(dialog.getByText('Or continue with')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL('/chat');
  const profile = page.getByRole('dialog', { name: 'Set up your profile' });
  await expect(profile).toBeVisible();
  // Google's name for the account is offered as the profile name.
  await expect(profile.getByLabel('Name')).toHaveValue('Gloria Google');
  await snap(page, info, 'after-google');
});

test('pricing when signed in: Free opens the chat in a new tab', async ({
  page,
  context,
}, info) => {
  const email = uniqueEmail(info, 'buyer');
  await signUp(page, email);
  // The link signs this browser in.
  await page.goto(verificationLinkIn(await mailTo(email)));
  await expect(page.getByText('Email verified')).toBeVisible();

  // (The paid plans go to Stripe Checkout: see billing.spec.ts.)
  await page.goto('/pricing');
  const popup = context.waitForEvent('page');
  // Signed in, the Free plan's button opens the chat; it never says 'Sign In' (issue 45).
  await page
    .getByRole('article', { name: 'Free' })
    .getByRole('button', { name: 'Start Chatting' })
    .click();
  const chatTab = await popup;
  await expect(chatTab).toHaveURL(/\/chat$/);
  await expect(chatTab.getByRole('dialog', { name: 'Set up your profile' })).toBeVisible();
});
