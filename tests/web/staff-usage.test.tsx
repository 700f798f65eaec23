import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageResponse } from '../../src/shared/staff/usage-contract';
import { UsagePanel } from '../../src/web/features/staff/usage/UsagePanel';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 48 part 3: the console's Usage section. Its figures come from GET /api/admin/usage for the
 * chosen days; each chart's numbers are a click away as a table, and the days and plans tables
 * download as CSV.
 */

const setup = apiTestSetup();
const downloads: { name: string; blob: Blob }[] = [];
const blobs = new Map<string, Blob>();
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
// A download is a link clicked: kept here instead of followed (jsdom does not navigate).
const catchDownload = (event: MouseEvent) => {
  const link = (event.target as Element).closest('a[download]');
  if (!(link instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  downloads.push({ name: link.download, blob: blobs.get(link.href)! });
};

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  // jsdom lays nothing out, so every chart measures 0 × 0 and recharts says so: not news here.
  const warn = console.warn;
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
  document.addEventListener('click', catchDownload);
});
afterAll(() => {
  vi.mocked(console.warn).mockRestore();
  document.removeEventListener('click', catchDownload);
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

const counts = (
  replies: number,
  failures: number,
  input: number,
  output: number,
  estimated = 0,
) => ({
  replies,
  failures,
  inputTokens: input,
  outputTokens: output,
  estimatedCalls: estimated,
});

const REPORT: UsageResponse = {
  from: '2026-11-01',
  to: '2026-11-30',
  days: [
    {
      day: '2026-11-27',
      model: 'acme/swift',
      ...counts(1200, 3, 900_000, 150_000, 2),
      ttftP50Ms: 410,
      ttftP95Ms: 980,
      costUsd: 0.45,
    },
    {
      day: '2026-11-27',
      model: 'acme/deep',
      ...counts(34, 0, 80_000, 20_000),
      ttftP50Ms: 1200,
      ttftP95Ms: 2400,
      costUsd: 1.2,
    },
    {
      day: '2026-11-28',
      model: 'acme/swift',
      ...counts(0, 1, 500, 0, 1),
      ttftP50Ms: null,
      ttftP95Ms: null,
      costUsd: 0,
    },
  ],
  models: [
    {
      model: 'acme/swift',
      label: 'Swift, "fast"',
      ...counts(1200, 4, 900_500, 150_000, 3),
      ttftP50Ms: 410,
      ttftP95Ms: 980,
      costUsd: 0.45,
      inputUsdPerMillion: 0.15,
      outputUsdPerMillion: 0.6,
    },
    {
      model: 'acme/deep',
      label: 'Deep',
      ...counts(34, 0, 80_000, 20_000),
      ttftP50Ms: 1200,
      ttftP95Ms: 2400,
      costUsd: 1.2,
      inputUsdPerMillion: 5,
      outputUsdPerMillion: 15,
    },
  ],
  plans: [
    {
      plan: 'free',
      activeUsers: 12,
      replies: 1000,
      inputTokens: 700_000,
      outputTokens: 100_000,
      revenueUsd: 0,
      costUsd: 0.9,
      marginUsd: -0.9,
    },
    {
      plan: 'premium',
      activeUsers: 3,
      replies: 234,
      inputTokens: 280_500,
      outputTokens: 70_000,
      revenueUsd: 1234.5,
      costUsd: 0.75,
      marginUsd: 1233.75,
    },
  ],
  totals: {
    ...counts(1234, 4, 980_500, 170_000, 3),
    revenueUsd: 1234.5,
    costUsd: 1.65,
    marginUsd: 1232.85,
  },
  revenueIsEstimate: true,
};

const EMPTY: UsageResponse = {
  ...REPORT,
  days: [],
  models: [],
  plans: REPORT.plans.map((p) => ({
    ...p,
    activeUsers: 0,
    replies: 0,
    revenueUsd: 0,
    costUsd: 0,
    marginUsd: 0,
  })),
  totals: { ...counts(0, 0, 0, 0), revenueUsd: 0, costUsd: 0, marginUsd: 0 },
};

const dayOf = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const usageAsked = () =>
  setup.api.requests.filter((r) => r.path.startsWith('/api/admin/usage')).map((r) => r.path);

beforeEach(() => {
  downloads.length = 0;
  setup.api.on('GET /api/admin/usage', (_req, _body, res) => json(res, 200, REPORT));
});

function renderPanel() {
  render(
    <QueryClientProvider client={setup.client}>
      <UsagePanel />
    </QueryClientProvider>,
  );
}
const chart = (name: string) => within(screen.getByRole('region', { name }));

describe('the usage section', () => {
  it('shows the range’s figures, money in dollars and the estimate said', async () => {
    renderPanel();
    expect(await screen.findByText('1,234')).toBeTruthy();
    const totals = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(totals('Replies')).toBe('1,234');
    expect(totals('Tokens in')).toBe('980,500');
    expect(totals('Revenue (estimated)')).toBe('$1,234.50');
    expect(totals('Model cost')).toBe('$1.65');
    expect(totals('Margin')).toBe('$1,232.85');
    expect(
      screen.getByText('≈ estimated for 3 calls (the provider sent no usage report)'),
    ).toBeTruthy();
    // Each chart says what it shows in words.
    expect(
      chart('Replies and failures per day').getByRole('img').getAttribute('aria-labelledby'),
    ).toBeTruthy();
    expect(
      chart('Replies and failures per day').getByText(
        /1,234 replies and 4 failures over 30 days; the busiest day was Nov 27 with 1,234 replies/,
      ),
    ).toBeTruthy();
    expect(
      chart('Time to first token per model').getByText(/Deep: 1,200 ms median, 2,400 ms at p95/),
    ).toBeTruthy();
  });

  it('asks for the last 30 days, then the range chosen', async () => {
    renderPanel();
    await screen.findByText('1,234');
    expect(usageAsked()).toEqual([`/api/admin/usage?from=${dayOf(29)}&to=${dayOf(0)}`]);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(usageAsked()).toHaveLength(2));
    expect(usageAsked()[1]).toBe(`/api/admin/usage?from=${dayOf(6)}&to=${dayOf(0)}`);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(usageAsked()).toHaveLength(3));
    expect(usageAsked()[2]).toBe(`/api/admin/usage?from=2026-10-01&to=${dayOf(0)}`);
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('shows a chart’s numbers as a table, one click away', async () => {
    renderPanel();
    await screen.findByText('1,234');
    const plans = chart('Revenue and cost per plan');
    expect(plans.queryByRole('table')).toBeNull();
    const toggle = plans.getByRole('button', { name: 'Show table' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const rows = within(plans.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Plan', 'Active users', 'Replies', 'Tokens in', 'Tokens out', 'Revenue', 'Cost', 'Margin'],
      ['free', '12', '1,000', '700,000', '100,000', '$0.00', '$0.90', '-$0.90'],
      ['premium', '3', '234', '280,500', '70,000', '$1,234.50', '$0.75', '$1,233.75'],
    ]);
    fireEvent.click(plans.getByRole('button', { name: 'Hide table' }));
    expect(plans.queryByRole('table')).toBeNull();

    const replies = chart('Replies and failures per day');
    fireEvent.click(replies.getByRole('button', { name: 'Show table' }));
    const day = within(replies.getByRole('table')).getByRole('rowheader', { name: '2026-11-27' });
    expect([...day.parentElement!.children].map((c) => c.textContent)).toEqual([
      '2026-11-27',
      '1,200',
      '34',
      '1,234',
      '3',
    ]);
  });

  it('downloads the days and the plans as CSV, quoted where needed', async () => {
    renderPanel();
    await screen.findByText('1,234');
    fireEvent.click(
      chart('Replies and failures per day').getByRole('button', { name: 'Download CSV' }),
    );
    fireEvent.click(
      chart('Revenue and cost per plan').getByRole('button', { name: 'Download CSV' }),
    );
    expect(downloads.map((d) => d.name)).toEqual([
      `reverie-usage-days-${dayOf(29)}-to-${dayOf(0)}.csv`,
      `reverie-usage-plans-${dayOf(29)}-to-${dayOf(0)}.csv`,
    ]);
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    expect(await textOf(downloads[0]!.blob)).toBe(
      'day,model,label,replies,failures,input_tokens,output_tokens,estimated_calls,ttft_p50_ms,ttft_p95_ms,cost_usd\r\n' +
        '2026-11-27,acme/swift,"Swift, ""fast""",1200,3,900000,150000,2,410,980,0.45\r\n' +
        '2026-11-27,acme/deep,Deep,34,0,80000,20000,0,1200,2400,1.20\r\n' +
        '2026-11-28,acme/swift,"Swift, ""fast""",0,1,500,0,1,,,0.00\r\n',
    );
    expect(await textOf(downloads[1]!.blob)).toBe(
      'plan,active_users,replies,input_tokens,output_tokens,revenue_usd_estimated,cost_usd,margin_usd\r\n' +
        'free,12,1000,700000,100000,0.00,0.90,-0.90\r\n' +
        'premium,3,234,280500,70000,1234.50,0.75,1233.75\r\n',
    );
  });

  it('says when the range has no model calls', async () => {
    setup.api.on('GET /api/admin/usage', (_req, _body, res) => json(res, 200, EMPTY));
    renderPanel();
    expect(await screen.findByText('No model calls in this range.')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says when the usage could not be read, and tries again', async () => {
    let answers = 0;
    setup.api.on('GET /api/admin/usage', (_req, _body, res) =>
      answers++ === 0
        ? json(res, 500, { message: 'Something went wrong on our side.' })
        : json(res, 200, REPORT),
    );
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeTruthy();
  });
});
