import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { queryClient } from '../../lib/query-client';
import { CREDITS_KEY } from '../chat-data/api';
import { billingErrorText, useSubscription } from './api';
import { FreePlanCard } from './FreePlanCard';
import { inForce } from './membership-state';
import { SubscriptionCard } from './SubscriptionCard';

/** After paying, the page asks every 2 s until the subscription shows, for at most this long. */
const CONFIRM_POLL_MS = 30_000;

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

/**
 * The signed-in user's membership: the plan in force and what happens to it next — a paid plan
 * that renews or is set to end (with Resume), or Free (never subscribed, or the subscription
 * ended, with the date).
 */
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
      {justPaid && <PaymentNotice confirmed={inForce(sub)} waiting={!gaveUp} />}
      {inForce(sub) ? <SubscriptionCard sub={sub} /> : <FreePlanCard lapsed={sub ?? null} />}
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
