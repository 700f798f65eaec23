import { CheckCircle2, CreditCard, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  PLAN_KEEPING_STATUSES,
  planName,
  statusLabel,
  statusTone,
  type StatusTone,
  type SubscriptionView,
} from '../../../shared/billing/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { billingErrorText, usePortal, useSubscription } from './api';
import { CREDITS_KEY, useCredits } from '../chat-data/api';
import { queryClient } from '../../lib/query-client';

/** After paying, the page asks every 2 s until the subscription shows, for at most this long. */
const CONFIRM_POLL_MS = 30_000;

const TONE_CLASSES: Record<StatusTone, string> = {
  success: 'border-success/50 bg-success/15 text-success',
  warning: 'border-warning/50 bg-warning/15 text-warning',
  error: 'border-error/50 bg-error/15 text-error',
};

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** `?checkout=success` once, read on arrival and removed from the address bar. */
function useCheckoutSuccess() {
  const [success] = useState(
    () => new URLSearchParams(window.location.search).get('checkout') === 'success',
  );
  useEffect(() => {
    if (!success) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('checkout');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [success]);
  return success;
}

export function Loading() {
  return (
    <p role="status" className="mt-8 flex items-center gap-2 text-muted">
      <Loader2 className="size-4 animate-spin" aria-hidden /> Loading…
    </p>
  );
}

export function Membership() {
  const justPaid = useCheckoutSuccess();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!justPaid) return;
    const stop = setTimeout(() => setGaveUp(true), CONFIRM_POLL_MS);
    return () => clearTimeout(stop);
  }, [justPaid]);
  const subscription = useSubscription({ enabled: true, untilFound: justPaid && !gaveUp });
  const sub = subscription.data;
  // The allowance follows the subscription: read it again whenever the subscription is read.
  useEffect(() => {
    if (subscription.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
  }, [subscription.dataUpdatedAt]);

  if (subscription.isPending) return <Loading />;
  if (subscription.isError) {
    return (
      <p role="alert" className="mt-8 text-error">
        {billingErrorText(subscription.error, 'Failed to fetch subscription.')}
      </p>
    );
  }
  return (
    <>
      {justPaid && <PaymentNotice confirmed={Boolean(sub)} waiting={!gaveUp} />}
      {sub ? <SubscriptionCard sub={sub} /> : <NoSubscription />}
    </>
  );
}

function PaymentNotice({ confirmed, waiting }: { confirmed: boolean; waiting: boolean }) {
  return (
    <div
      role="status"
      className="mt-6 flex items-start gap-3 rounded-xl border border-success/50 bg-success/10 p-4 text-sm"
    >
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      <p>
        <span className="font-semibold">Thank you for subscribing!</span>{' '}
        {confirmed
          ? 'Your plan is active and your messages are ready.'
          : waiting
            ? 'We are confirming your payment with Stripe…'
            : 'Your payment is being confirmed; reload this page in a minute to see your plan.'}
      </p>
    </div>
  );
}

/** What is left of the allowance: of the paid period, or of the free plan's month. */
function CreditsLeft({ period }: { period: 'period' | 'month' }) {
  const credits = useCredits();
  if (credits.data === undefined) return null;
  return (
    <p className="text-sm text-muted" data-testid="membership-credits">
      <span className="font-semibold text-fg">{credits.data.toLocaleString('en-US')}</span>{' '}
      {credits.data === 1 ? 'message' : 'messages'} left this {period}
    </p>
  );
}

function periodLine(sub: SubscriptionView): string {
  if (!PLAN_KEEPING_STATUSES.includes(sub.status)) return 'This subscription has ended.';
  if (sub.cancelAtPeriodEnd) return `Ends on ${formatDate(sub.currentPeriodEnd)}`;
  return `Renews on ${formatDate(sub.currentPeriodEnd)}`;
}

function SubscriptionCard({ sub }: { sub: SubscriptionView }) {
  const portal = usePortal();
  const manage = () =>
    portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });
  return (
    <article
      className="mt-8 rounded-2xl border border-border bg-surface p-6"
      aria-labelledby="plan-name"
    >
      <span className="inline-block rounded-full border border-accent/50 bg-accent-strong/20 px-3 py-1 text-xs font-bold tracking-wider text-accent">
        ACTIVE PLAN
      </span>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h2 id="plan-name" className="text-2xl font-bold">
          {planName(sub.plan)}
        </h2>
        <span
          className={`rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide ${TONE_CLASSES[statusTone(sub.status)]}`}
          data-testid="subscription-status"
        >
          {statusLabel(sub.status)}
        </span>
      </div>
      <p className="mt-2 text-sm" data-testid="subscription-period">
        {periodLine(sub)}
      </p>
      {sub.status === 'past_due' && (
        <p className="mt-2 text-sm text-warning">
          Your last payment did not go through. Update your card in Manage Subscription to keep your
          plan.
        </p>
      )}
      <div className="mt-2">
        <CreditsLeft period={PLAN_KEEPING_STATUSES.includes(sub.status) ? 'period' : 'month'} />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={manage} disabled={portal.isPending}>
          <CreditCard className="size-4" aria-hidden />
          {portal.isPending ? 'Opening…' : 'Manage Subscription'}
        </Button>
        <Link href="/pricing" className={buttonClass('secondary')}>
          Change Plan
        </Link>
      </div>
      {portal.isError && (
        <p role="alert" className="mt-4 text-sm text-error">
          Could not open billing portal right now.
        </p>
      )}
    </article>
  );
}

function NoSubscription() {
  return (
    <div className="mt-8 rounded-2xl border border-border bg-surface p-6">
      <p className="font-semibold">You don&apos;t have an active subscription yet.</p>
      <p className="mt-2 text-sm text-muted">
        You are on the Free plan. Basic and Pro give you far more messages every month.
      </p>
      <div className="mt-1">
        <CreditsLeft period="month" />
      </div>
      <Link href="/pricing" className={`${buttonClass('primary')} mt-6`}>
        Go to Pricing
      </Link>
    </div>
  );
}
