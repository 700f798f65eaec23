import { expect, type Page } from '@playwright/test';
import { secretOf, totpCode } from '../support/two-factor';
import { E2E_CONTROL_URL, E2E_URL } from './ports';
import { signInDirectly } from './support';

/**
 * Signs in an admin with two-factor turned on, through the app's own endpoints: signed in
 * directly, made admin by the control server, then enrolled (turning it on replaces the session:
 * the browser keeps the new cookie). `app: 'no-model'` is the harness's second app.
 */
export async function signInStaffAdmin(
  page: Page,
  email: string,
  password: string,
  server: { url: string; app?: 'no-model' } = { url: E2E_URL },
) {
  await signInDirectly(page, email, password, server);
  const made = await page.request.post(`${E2E_CONTROL_URL}/staff`, {
    data: { email, role: 'admin', ...(server.app ? { app: server.app } : {}) },
  });
  expect(made.status()).toBe(200);
  const headers = { origin: server.url };
  const enabled = await page.request.post(`${server.url}/api/auth/two-factor/enable`, {
    headers,
    data: { password },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const verified = await page.request.post(`${server.url}/api/auth/two-factor/verify-totp`, {
    headers,
    data: { code: await totpCode(secretOf(totpURI)) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}
