import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { E2E_URL } from './ports';
import {
  createCharacter,
  expectAccessible,
  expectFingerSized,
  snap,
  test,
  uniqueEmail,
} from './support';
import { signInStaffAdmin } from './staff-admin';

const PASSWORD = 'moonlit garden stroll';

/**
 * Issue 48 part 3: the console's Usage section. A few replies are made through the model double,
 * then an admin with two-factor reads them as charts, opens a chart's table and downloads the
 * days as CSV, at desktop width and at 375 px.
 */

/** `count` replies from the model double in one conversation, through the API as the page would. */
async function chat(page: Page, count: number) {
  const headers = { origin: E2E_URL };
  const characterId = await createCharacter(page);
  const conversation = await page.request.post('/api/conversations', {
    headers,
    data: { characterId, chatMode: 'assistant' },
  });
  const conversationId = ((await conversation.json()) as { id: number }).id;
  for (let i = 0; i < count; i++) {
    const reply = await page.request.post('/api/assistant', {
      headers,
      data: { message: `Hello number ${i + 1}`, conversationId },
    });
    expect(reply.status(), await reply.text()).toBe(200);
  }
}

test('staff console: usage as charts, a chart’s table and the days as CSV', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  await signInStaffAdmin(page, uniqueEmail(info, 'usage-admin'), PASSWORD);
  await chat(page, 3);

  await page.goto('/admin/usage');
  await expect(page.getByRole('heading', { level: 2, name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const replies = page.getByRole('region', { name: 'Replies and failures per day' });
  await expect(replies).toBeVisible();
  // The replies made above are counted (other tests' replies may be too).
  const total = page.getByText('Replies', { exact: true }).locator('xpath=following-sibling::dd');
  expect(Number((await total.textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(3);
  // Each chart is drawn, with its bars or lines in the theme's colours.
  for (const name of [
    'Replies and failures per day',
    'Tokens per day',
    'Time to first token per model',
    'Revenue and cost per plan',
  ]) {
    await expect(
      page.getByRole('region', { name }).locator('.recharts-wrapper > svg'),
    ).toBeVisible();
  }
  const bar = replies.locator('.recharts-bar-rectangle path').first();
  await expect(bar).toBeVisible();
  const accent = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
  );
  expect(await bar.evaluate((el) => getComputedStyle(el).fill)).toBe(hexToRgb(accent));

  if (phone) {
    for (const button of await page
      .getByRole('group', { name: 'Quick ranges' })
      .getByRole('button')
      .all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-usage');

  // The numbers behind a chart, one click away.
  await replies.getByRole('button', { name: 'Show table' }).click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(replies.getByRole('table').getByRole('rowheader', { name: today })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    replies.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^reverie-usage-days-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'day,model,label,replies,failures,input_tokens,output_tokens,estimated_calls,ttft_p50_ms,ttft_p95_ms,cost_usd',
  );
  expect(csv).toContain(`\r\n${today},`);

  // Seven days asked for: the range goes in the address of the request.
  const asked = page.waitForRequest((r) => r.url().includes('/api/admin/usage?from='));
  await page.getByRole('button', { name: '7 days' }).click();
  expect(new URL((await asked).url()).searchParams.get('to')).toBe(today);
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-usage-table');

  // The Models section beside it, for a look at both widths.
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Models' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Models' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expectAccessible(page);
  await expectFingerSized(page, info);
  await snap(page, info, 'staff-models');
});

/** '#e879f9' → 'rgb(232, 121, 249)', as getComputedStyle writes a colour. */
function hexToRgb(hex: string) {
  const n = parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
