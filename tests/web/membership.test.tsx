import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../src/shared/billing/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import { AuthDialogProvider } from '../../src/web/features/auth/auth-dialog-context';
import { SUBSCRIPTION_KEY } from '../../src/web/features/billing/api';
import { Membership } from '../../src/web/features/billing/Membership';
import { PLAN_CARDS, PlanCardView } from '../../src/web/features/billing/PlanCards';
import { usePlanViewer } from '../../src/web/features/billing/plan-viewer';
import { queryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';

/**
 * Issue 45: the membership page shows the state the user's subscription is in — the plan in
 * force, when it renews or ends (with Resume), Free once it ended (with the date) — and the plan
 * cards mark a signed-in user's own plan instead of offering it, and never say 'Sign In' to them.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  queryClient.clear();
});
afterEach(cleanup);

// Midday UTC, so the date is the same in any time zone the tests run in.
const sub = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  plan: 'pro',
  status: 'active',
  priceId: 'price_pro_monthly',
  currentPeriodStart: '2026-03-02T12:00:00.000Z',
  currentPeriodEnd: '2026-04-02T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  periodPaid: true,
  endedAt: null,
  ...over,
});

function serve(subscription: SubscriptionView | null, credits = 20) {
  api.on('GET /api/subscription', (_req, _body, res) => json(res, 200, { subscription }));
  api.on('GET /api/get-credits', (_req, _body, res) => json(res, 200, { credits }));
}

function renderApp(children: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

const gets = () => api.requests.filter((r) => r.path === '/api/subscription').length;

describe('the membership page', () => {
  it('shows an ended plan as Free, with the date it ended, and nothing active about it', async () => {
    serve(sub({ status: 'canceled', endedAt: '2026-03-14T12:00:00.000Z' }));
    renderApp(<Membership />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Free' })).toBeTruthy();
    expect(screen.getByTestId('subscription-period').textContent).toBe(
      'Your Pro plan ended on March 14, 2026.',
    );
    expect(screen.queryByText('ACTIVE PLAN')).toBeNull();
    expect(screen.queryByText('CANCELED')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.getByText('CURRENT PLAN')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Pricing' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect((await screen.findByTestId('membership-credits')).textContent).toBe(
      '20 messages left this month',
    );
  });

  it('says when a plan set to end ends, and Resume keeps it', async () => {
    serve(sub({ cancelAtPeriodEnd: true }), 9000);
    let resumed = 0;
    api.on('POST /api/subscription/resume', (_req, _body, res) => {
      resumed++;
      json(res, 200, { subscription: sub() });
    });
    renderApp(<Membership />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Pro' })).toBeTruthy();
    expect(screen.getByText('ACTIVE PLAN')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('ACTIVE');
    expect(screen.getByTestId('subscription-period').textContent).toBe(
      'Your Pro plan ends on April 2, 2026.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(screen.getByTestId('subscription-period').textContent).toBe('Renews on April 2, 2026'),
    );
    expect(resumed).toBe(1);
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(await screen.findByText('Pro renews on April 2, 2026.')).toBeTruthy();
  });

  it('keeps a resumed plan when a read of the plan begun before Resume answers after it', async () => {
    const ending = sub({ cancelAtPeriodEnd: true });
    // The page's first read answers at once; the next (the page opened again: a read of its
    // own) is held until Resume has answered, and then tells the plan as it was when it began.
    const held: ServerResponse[] = [];
    api.on('GET /api/subscription', (_req, _body, res) => {
      if (gets() === 1) json(res, 200, { subscription: ending });
      else held.push(res);
    });
    api.on('GET /api/get-credits', (_req, _body, res) => json(res, 200, { credits: 9000 }));
    api.on('POST /api/subscription/resume', (_req, _body, res) =>
      json(res, 200, { subscription: sub() }),
    );
    renderApp(<Membership />);
    const resume = await screen.findByRole('button', { name: 'Resume' });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
    await waitFor(() => expect(held).toHaveLength(1));
    fireEvent.click(resume);
    expect(await screen.findByText('Pro renews on April 2, 2026.')).toBeTruthy();
    json(held[0]!, 200, { subscription: ending });
    // The late answer is not taken over the one Resume gave.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByTestId('subscription-period').textContent).toBe('Renews on April 2, 2026');
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('says why Resume was refused and shows the subscription as it now is', async () => {
    let current = sub({ cancelAtPeriodEnd: true });
    api.on('GET /api/subscription', (_req, _body, res) =>
      json(res, 200, { subscription: current }),
    );
    api.on('GET /api/get-credits', (_req, _body, res) => json(res, 200, { credits: 5 }));
    api.on('POST /api/subscription/resume', (_req, _body, res) => {
      // Stripe ended it a moment ago.
      current = sub({
        status: 'canceled',
        cancelAtPeriodEnd: true,
        endedAt: current.currentPeriodEnd,
      });
      json(res, 409, { message: 'Your plan has already ended. Choose a plan to subscribe again.' });
    });
    renderApp(<Membership />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Free' })).toBeTruthy();
    expect(screen.getByTestId('subscription-period').textContent).toBe(
      'Your Pro plan ended on April 2, 2026.',
    );
    expect(gets()).toBe(2);
  });

  it('shows a renewing plan, an overdue payment and a plan on hold truthfully', async () => {
    serve(sub({ plan: 'basic', priceId: 'price_basic_monthly' }));
    const first = renderApp(<Membership />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Basic' })).toBeTruthy();
    expect(screen.getByTestId('subscription-period').textContent).toBe('Renews on April 2, 2026');
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.queryByTestId('renewal-pending')).toBeNull();
    first.unmount();

    // Renewed, its invoice not charged yet (Stripe charges about an hour later).
    api.reset();
    queryClient.clear();
    serve(sub({ plan: 'basic', priceId: 'price_basic_monthly', periodPaid: false }));
    const renewing = renderApp(<Membership />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Basic' })).toBeTruthy();
    expect(screen.getByTestId('renewal-pending').textContent).toMatch(
      /^Your renewal is being paid\. This period’s messages arrive as soon as the payment goes through\.$/,
    );
    renewing.unmount();

    api.reset();
    queryClient.clear();
    serve(sub({ status: 'past_due', periodPaid: false }));
    const second = renderApp(<Membership />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Pro' })).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('PAST DUE');
    expect(screen.getByText(/Your last payment did not go through/)).toBeTruthy();
    expect(screen.queryByTestId('renewal-pending')).toBeNull();
    second.unmount();

    api.reset();
    queryClient.clear();
    serve(sub({ status: 'unpaid' }));
    renderApp(<Membership />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Free' })).toBeTruthy();
    expect(screen.getByTestId('subscription-period').textContent).toMatch(
      /^Your Pro plan is on hold: its payment did not go through/,
    );
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
  });

  it('shows Free without a subscription', async () => {
    serve(null);
    renderApp(<Membership />);
    expect(await screen.findByText("You don't have an active subscription yet.")).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Free' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });
});

function Cards() {
  const viewer = usePlanViewer();
  return (
    <>
      {PLAN_CARDS.map((card) => (
        <PlanCardView key={card.id} card={card} viewer={viewer} />
      ))}
    </>
  );
}

const USER = { id: 'u1', email: 'reader@example.com', name: 'Reader', emailVerified: true };

/** Each card's button (or link) text, and which card says it is the user's plan. */
async function cardsAs(
  user: typeof USER | null,
  subscription?: SubscriptionView | null | 'unconfigured',
) {
  api.on('GET /api/auth/get-session', (_req, _body, res) =>
    json(res, 200, user ? { user, session: { id: 's1' } } : null),
  );
  api.on('GET /api/subscription', (_req, _body, res) =>
    subscription === 'unconfigured'
      ? json(res, 503, { message: 'Billing is not configured' })
      : json(res, 200, { subscription }),
  );
  renderApp(<Cards />);
  const card = (name: string) => screen.getByRole('article', { name });
  await waitFor(() => expect(within(card('Free')).queryByText('Loading')).toBeNull());
  const labels = ['Free', 'Basic', 'Pro'].map(
    (name) => card(name).querySelector('button, a')!.textContent,
  );
  const current = ['Free', 'Basic', 'Pro'].filter((name) =>
    within(card(name)).queryByTestId('current-plan'),
  );
  return { labels, current };
}

describe('the plan cards', () => {
  it("offer a visitor each plan after signing in: the spec's buttons", async () => {
    expect(await cardsAs(null)).toEqual({
      labels: ['Sign In', 'Get Access', 'Go Pro'],
      current: [],
    });
  });

  it('mark Free as a free user’s plan and never say Sign In to them', async () => {
    expect(await cardsAs(USER, null)).toEqual({
      labels: ['Start Chatting', 'Get Access', 'Go Pro'],
      current: ['Free'],
    });
  });

  it("mark a Basic subscriber's own plan and offer them a switch, not their plan", async () => {
    const result = await cardsAs(USER, sub({ plan: 'basic', priceId: 'price_basic_monthly' }));
    expect(result).toEqual({
      labels: ['Start Chatting', 'Manage Plan', 'Switch to Pro'],
      current: ['Basic'],
    });
    const manage = within(screen.getByRole('article', { name: 'Basic' })).getByRole('link');
    expect(manage.getAttribute('href')).toBe('/membership');
  });

  it('say when a plan set to end ends', async () => {
    const result = await cardsAs(USER, sub({ cancelAtPeriodEnd: true }));
    expect(result).toEqual({
      labels: ['Start Chatting', 'Switch to Basic', 'Manage Plan'],
      current: ['Pro'],
    });
    expect(screen.getByText('Ends on April 2, 2026')).toBeTruthy();
  });

  it('mark Free once the paid plan has ended', async () => {
    const ended = sub({ status: 'canceled', endedAt: '2026-03-14T12:00:00.000Z' });
    expect(await cardsAs(USER, ended)).toEqual({
      labels: ['Start Chatting', 'Get Access', 'Go Pro'],
      current: ['Free'],
    });
  });

  it('mark nothing when the plan cannot be read (billing not configured)', async () => {
    expect(await cardsAs(USER, 'unconfigured')).toEqual({
      labels: ['Start Chatting', 'Get Access', 'Go Pro'],
      current: [],
    });
  });
});
