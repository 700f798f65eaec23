import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PRESET_THEMES } from '../../src/shared/themes/presets';
import { STORAGE_KEYS } from '../../src/web/lib/storage';
import { E2E_CONTROL_URL, E2E_DATA_DIR, E2E_NO_MODEL_URL, E2E_URL } from './ports';

/** Whether snap() saves its screenshots (SNAPSHOTS=1). */
const SNAPSHOTS = process.env.SNAPSHOTS === '1';

/**
 * Saves a screenshot under test-results/screenshots/ for a person to look at — only when asked,
 * with SNAPSHOTS=1 (`SNAPSHOTS=1 npx playwright test`): nothing compares them, and taking them
 * cost every run minutes. A failing test's screenshot and trace are kept either way
 * (playwright.config.ts).
 */
export async function snap(page: Page, info: TestInfo, name: string) {
  if (!SNAPSHOTS) return;
  const dir = path.resolve('test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  // With a modal open, the viewport is what the user sees; otherwise the whole page.
  const modalOpen = await page.locator('[role="dialog"], dialog[open]').first().isVisible();
  await page.screenshot({
    path: path.join(dir, `${name}-${info.project.name}.png`),
    fullPage: !modalOpen,
  });
}

/**
 * The minified build of the axe-core that @axe-core/playwright itself depends on (the rules are
 * those of that version): half the size of the source the builder sends by default.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/**
 * An AxeBuilder for the page that runs axe in the page itself and collects only the violations.
 *
 * - axe-core goes into the page once per document: the builder otherwise sends its whole source
 *   (1.5 MB) twice on every check, and the browser parsed it again each time. Once it is there,
 *   the builder is handed an empty source.
 * - 'Legacy' mode: the default runs each frame's part and then opens a blank page to join them,
 *   a new page per check, for cross-origin frames the app does not have.
 * - Only the violations are collected in full (the passes were gathered node by node and sent
 *   back for nothing).
 *
 * Three files' 28 checks took 18 s instead of 43 s with the last two, and the files 91 s
 * instead of 107 (2026-11-30).
 */
export async function axeBuilder(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return new AxeBuilder({ page, axeSource: ';' })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
}

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page. `contrastOnly`: the colour-contrast
 * rule alone, for a page checked again after only its colours changed (a theme applied).
 */
export async function expectAccessible(page: Page, { contrastOnly = false } = {}) {
  const axe = await axeBuilder(page);
  const results = await (
    contrastOnly
      ? axe.withRules(['color-contrast'])
      : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  ).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(', ')}`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
}

/**
 * The preset themes a colour check goes through at this project's width: every one at desktop
 * width; on a phone a dark and a light one. A theme's colours, and so their contrast, are the
 * same at every width; what the phone adds is its own layout (the sidebar over the chat, the
 * notices at phone width), which the two extremes show (decision 0048).
 */
export function presetsToCheck(info: TestInfo) {
  if (info.project.name !== 'phone') return PRESET_THEMES;
  return PRESET_THEMES.filter((p) => p.id === 'ultra-dark' || p.id === 'workspace-light');
}

export function uniqueEmail(info: TestInfo, label: string) {
  const rand = Math.random().toString(36).slice(2, 8);
  return `${label}.${info.project.name}.${rand}@example.com`;
}

function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `address` in the server's outbox and returns its decoded text. */
export async function mailTo(
  address: string,
  containing = '',
  dataDir = E2E_DATA_DIR,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).sort().reverse();
        } catch {
          return false;
        }
        for (const f of files) {
          const raw = decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8'));
          if (
            raw.toLowerCase().includes(`to: ${address.toLowerCase()}`) &&
            raw.includes(containing)
          ) {
            found = raw;
            return true;
          }
        }
        return false;
      },
      { message: `mail to ${address}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export function verificationLinkIn(mail: string): string {
  const link = mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify-email[^\s"<>]+/)?.[0];
  if (!link) throw new Error('no verification link');
  return link.replace(/&amp;/g, '&');
}

/**
 * A visitor who has passed the age gate, in a browser context of a test's own making (a second
 * device), or on another app of the harness (`origin`): the test's own context has it already on
 * the main app (the ageConfirmed option).
 */
export async function confirmAgeIn(context: BrowserContext, origin = E2E_URL) {
  await context.addInitScript(
    ({ origin, key }) => {
      if (window.location.origin !== origin) return;
      if (window.localStorage.getItem('e2e.ageSeeded')) return;
      window.localStorage.setItem('e2e.ageSeeded', '1');
      window.localStorage.setItem(key, '1');
    },
    { origin, key: STORAGE_KEYS.ageConfirmed },
  );
}

/**
 * The test function every spec uses: it fails a test when the page throws or the browser reports
 * a problem such as a Content-Security-Policy violation. Failed HTTP responses the app expects
 * (a 404 for a missing profile, a 401 for a wrong password) are not problems.
 */
export const test = base.extend<{
  ageConfirmed: boolean;
  ageConfirmation: void;
  browserProblems: string[];
  backdropsUnblurred: void;
}>({
  /** Whether the visitor has already passed the age gate (its own tests set this false). */
  ageConfirmed: [true, { option: true }],
  ageConfirmation: [
    async ({ page, ageConfirmed }, use) => {
      // As a stored state would: the confirmation is in the app's local storage before its first
      // page runs, once per browser context, so a test that removes it sees it gone. A stored
      // state (Playwright's storageState) costs each new context a page of its own to write the
      // storage: 0.13 CPU-s of Chromium and 180 ms against 0.06 and 85 ms, 2026-11-30.
      if (ageConfirmed) await confirmAgeIn(page.context());
      await use();
    },
    { auto: true },
  ],
  backdropsUnblurred: [
    async ({ page }, use) => {
      // Chromium without a GPU composites in software, and it blurs a whole-screen backdrop
      // (dialogs' overlay) again for every blink of a caret above it: a focused field in a dialog
      // kept its compositor at 11 % of a core, a tenth of the suite's CPU (accounts.spec.ts: 84
      // CPU-s and 48 s without the blur, 129 and 70 s with it, 2026-11-30). The tests drive the
      // same pages without the blur: the overlay's colour, the layout and the focus are the
      // app's own, and `will-change` keeps the element the containing block the blur made it.
      // Screenshots taken for a person to look at (SNAPSHOTS=1) keep the blur.
      if (!SNAPSHOTS)
        await page.context().addInitScript(() => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(
            '[class*="backdrop-blur"], ::backdrop { backdrop-filter: none !important; will-change: backdrop-filter; }',
          );
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        });
      await use();
    },
    { auto: true },
  ],
  browserProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // A blocked eval or inline script is caught by the code that tried it, and Chromium does
      // not always log it: the page reports each violation itself.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(
            `Content-Security-Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI}`,
          ),
        ),
      );
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (message.text().startsWith('Failed to load resource')) return;
        problems.push(`console: ${message.text()}`);
      });
      await use(problems);
      expect(problems, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * An address for one test's user to come from (the documentation range, never contacted), as
 * real users come from addresses of their own: the per-client limits (ten sign-ups an hour,
 * failed sign-ins) would otherwise count the whole suite's users as one client, 127.0.0.1. The
 * test server trusts the header from 127.0.0.1 only (TRUST_PROXY).
 */
export function aClientAddress(): string {
  return `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
}

/**
 * Signs a new user up and verifies the address through the mailed link, which signs in the
 * browser that signed up — through the page's request context, so the browser page shares the
 * sign-up and session cookies. The real path: for the tests of sign-up, verification, password
 * reset and the account page; elsewhere signInDirectly leaves the browser the same way, without
 * the requests.
 */
export async function signUpAndSignIn(
  page: Page,
  email: string,
  password = 'moonlit garden stroll',
  /** Another app of the harness (its address and data folder); the main one by default. */
  server: { url: string; dataDir: string } = { url: E2E_URL, dataDir: E2E_DATA_DIR },
) {
  const headers = { origin: server.url, 'x-forwarded-for': aClientAddress() };
  const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers,
    data: { name: '', email, password, acceptTerms: true, acceptPrivacy: true },
  });
  expect(signUp.status()).toBe(200);
  const verify = await page.request.get(
    verificationLinkIn(await mailTo(email, '', server.dataDir)),
    { maxRedirects: 0 },
  );
  expect(verify.status()).toBe(302);
  expect(verify.headers()['location']).toBe('/chat?verified=1');
  const session = await page.request.get(`${server.url}/api/auth/get-session`);
  expect(((await session.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(
    email.toLowerCase(),
  );
  const profile = await page.request.post(`${server.url}/api/user-profile`, {
    headers,
    data: { name: 'Tester', gender: 'Other' },
  });
  expect(profile.status()).toBe(200);
}

/**
 * Marks the chat's loading splash as shown in this tab. The app shows it for 2 s on a tab's first
 * chat load only; the tests of the splash (chat.spec.ts) see it, elsewhere it only held every
 * test's first click for 2 s. As with the age gate, the browser has already been through it.
 */
export async function skipChatSplash(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem('reverie.chatSplashShown', '1'));
}

/**
 * Closes the toasts on screen with their own buttons, as a user would who wants what is under
 * one: a toast stays 5 s, and a click on what it covers waits for it to go. With `expected`, that
 * toast is waited for first (one that comes after the answer to a request would still be on its
 * way otherwise).
 */
export async function dismissToasts(page: Page, expected?: string | RegExp) {
  if (expected) {
    await expect(page.getByTestId('toast').filter({ hasText: expected })).toBeVisible();
  }
  // Clicked in the page, all at once, until none is left: a toast going away by itself meanwhile
  // cannot leave a click waiting.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const buttons = document.querySelectorAll<HTMLButtonElement>(
          '[data-testid="toast"] button[aria-label="Dismiss notification"]',
        );
        for (const button of buttons) button.click();
        return buttons.length;
      }),
    )
    .toBe(0);
}

/**
 * A new user, signed in as signUpAndSignIn leaves one — verified, with a session in the page's
 * browser context and the profile saved, on no page yet — without the sign-up, the mail and the
 * sign-in: the control server creates the user and the session (tests/support/direct-sign-in.ts)
 * and the session cookie goes into the browser context.
 */
export async function signInDirectly(
  page: Page,
  email: string,
  password = 'moonlit garden stroll',
  /** Another app of the harness; the main one by default. */
  server: { url: string } = { url: E2E_URL },
) {
  await signInWithoutProfile(page, email, password, server);
  const profile = await page.request.post(`${server.url}/api/user-profile`, {
    headers: { origin: server.url, 'x-forwarded-for': aClientAddress() },
    data: { name: 'Tester', gender: 'Other' },
  });
  expect(profile.status()).toBe(200);
}

/** As signInDirectly, but the user has saved no profile yet: a new user's first visit. */
export async function signInWithoutProfile(
  page: Page,
  email: string,
  password = 'moonlit garden stroll',
  server: { url: string } = { url: E2E_URL },
) {
  const signedIn = await page.request.post(`${E2E_CONTROL_URL}/sign-in`, {
    data: { email, name: '', password, app: server.url === E2E_NO_MODEL_URL ? 'no-model' : 'main' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { cookie } = (await signedIn.json()) as { cookie: string };
  const split = cookie.indexOf('=');
  // As the app sets it on sign-in: HttpOnly, SameSite=Lax, for the whole site, 30 days.
  await page.context().addCookies([
    {
      name: cookie.slice(0, split),
      value: cookie.slice(split + 1),
      url: server.url,
      httpOnly: true,
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60,
    },
  ]);
}

/**
 * On a phone, every control on the page is a finger's size, 44 px high and wide at the least (the
 * developers' guide). Left out: a link among the words of a sentence, a control whose label is
 * the target (a check box's), and what is out of sight, inert or hidden from readers.
 * Fails naming each control that is smaller. Does nothing on the desktop project.
 */
export async function expectFingerSized(page: Page, info: TestInfo) {
  if (info.project.name !== 'phone') return;
  const small = await page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=switch], [role=tab], [role=radio], [role=checkbox], [role=menuitem], summary',
    );
    const big = (box: DOMRect) => box.height >= 44 && box.width >= 44;
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || big(box)) continue;
      if (control.closest('[inert], [aria-hidden="true"], .sr-only')) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      if (control.tagName === 'A' && control.closest('p, label')) continue;
      const label =
        control.closest('label') ??
        (control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null);
      if (label && big(label.getBoundingClientRect())) continue;
      const name =
        control.getAttribute('aria-label') ||
        control.textContent?.trim() ||
        control.getAttribute('placeholder') ||
        control.id ||
        control.tagName;
      found.push(`${name.slice(0, 40)}: ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  });
  expect(small, `controls under 44 px on a phone at ${page.url()}`).toEqual([]);
}

/** Below 768 px the sidebar is a slide-over: open it (on wider screens it is always there). */
export async function openSidebarOnPhone(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return;
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  if (!(await page.getByTestId('sidebar-backdrop').isVisible())) {
    await page.getByRole('button', { name: 'Open sidebar' }).click();
  }
  await expect(sidebar).toBeInViewport({ ratio: 1 });
}

/** The character most browser tests chat with. */
export const SELENE = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful and literate; teases gently and quotes poetry at midnight.',
};

/**
 * Creates a character for the page's signed-in user through the API, as the page would (on
 * `server`, the main harness app by default); answers its id.
 */
export async function createCharacter(
  page: Page,
  data: Record<string, unknown> = SELENE,
  server = E2E_URL,
): Promise<number> {
  const res = await page.request.post(`${server}/api/characters`, {
    headers: { origin: server },
    data,
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Opens the chat with a character and picks a Chat Mode. */
export async function openChatWith(page: Page, characterId: number, mode: 'Assistant' | 'Texting') {
  await page.goto(`/chat?character=${characterId}`);
  await page.getByRole('button', { name: mode }).click({ timeout: 20_000 });
}

/** Types a message into the chat's box and sends it with Enter. */
export async function sendMessage(page: Page, text: string, to = SELENE.name) {
  const box = page.getByPlaceholder(`Message ${to}...`);
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Shows an earlier message's toolbar as its user would: a hover with a mouse, a tap on its text
 * on a phone (which cannot hover: MessageView.tsx).
 */
export async function showToolbar(message: Locator, info: TestInfo) {
  if (info.project.name === 'phone') await message.locator('.message-text').first().tap();
  else await message.hover();
}

/** Opens the sign-in / sign-up dialog from the top bar of the page shown. */
export async function openAuthDialog(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign in' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Reverie AI' });
  await expect(dialog).toBeVisible();
  return dialog;
}
