import { Link } from 'wouter';
import type { SubscriptionView } from '../../../shared/billing/contract';
import { buttonClass } from '../../components/ui/button';
import {
  CreditsLeft,
  ManageSubscriptionButton,
  PlanLabel,
  PortalError,
  useManageSubscription,
} from './membership-parts';
import { lapsedLine } from './membership-state';

/**
 * The Free plan, in force: never subscribed, or the subscription has ended (and when) or is on
 * hold. A former subscriber keeps the way to the portal (invoices, a card to update).
 */
export function FreePlanCard({ lapsed }: { lapsed: SubscriptionView | null }) {
  return (
    <article
      className="mt-8 rounded-2xl border border-border bg-surface p-6"
      aria-labelledby="plan-name"
    >
      <PlanLabel>CURRENT PLAN</PlanLabel>
      <h2 id="plan-name" className="mt-4 text-2xl font-bold">
        Free
      </h2>
      {lapsed ? (
        <p className="mt-2 text-sm" data-testid="subscription-period">
          {lapsedLine(lapsed)}
        </p>
      ) : (
        <p className="mt-2 font-semibold">You don&apos;t have an active subscription yet.</p>
      )}
      <p className="mt-2 text-sm text-muted">
        Basic and Pro give you far more messages every month.
      </p>
      <div className="mt-1">
        <CreditsLeft period="month" />
      </div>
      {lapsed ? <FormerSubscriberActions /> : <GoToPricing />}
    </article>
  );
}

function GoToPricing() {
  return (
    <Link href="/pricing" className={`${buttonClass('primary')} mt-6`}>
      Go to Pricing
    </Link>
  );
}

function FormerSubscriberActions() {
  const manage = useManageSubscription();
  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link href="/pricing" className={buttonClass('primary')}>
          Go to Pricing
        </Link>
        <ManageSubscriptionButton manage={manage} variant="secondary" />
      </div>
      {manage.isError && <PortalError />}
    </>
  );
}
