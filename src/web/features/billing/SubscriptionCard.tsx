import { RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import { planName, type SubscriptionView } from '../../../shared/billing/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { billingErrorText, useResumeSubscription } from './api';
import {
  CreditsLeft,
  ManageSubscriptionButton,
  PlanLabel,
  PortalError,
  StatusBadge,
  useManageSubscription,
} from './membership-parts';
import { formatDate, periodLine } from './membership-state';

/**
 * The paid plan in force: its name and status, when it renews — or, set to end at the period's
 * end, when it ends, with Resume to keep it.
 */
export function SubscriptionCard({ sub }: { sub: SubscriptionView }) {
  const manage = useManageSubscription();
  return (
    <article
      className="mt-8 rounded-2xl border border-border bg-surface p-6"
      aria-labelledby="plan-name"
    >
      <PlanLabel>ACTIVE PLAN</PlanLabel>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h2 id="plan-name" className="text-2xl font-bold">
          {planName(sub.plan)}
        </h2>
        <StatusBadge status={sub.status} />
      </div>
      <p className="mt-2 text-sm" data-testid="subscription-period">
        {periodLine(sub)}
      </p>
      {!sub.periodPaid && sub.status !== 'past_due' && (
        <p className="mt-2 text-sm text-muted" data-testid="renewal-pending">
          Your renewal is being paid. This period’s messages arrive as soon as the payment goes
          through.
        </p>
      )}
      {sub.status === 'past_due' && (
        <p className="mt-2 text-sm text-warning">
          Your last payment did not go through. Update your card in Manage Subscription to keep your
          plan.
        </p>
      )}
      <div className="mt-2">
        <CreditsLeft period="period" />
      </div>
      {sub.cancelAtPeriodEnd && <ResumePlan sub={sub} />}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ManageSubscriptionButton
          manage={manage}
          variant={sub.cancelAtPeriodEnd ? 'secondary' : 'primary'}
        />
        <Link href="/pricing" className={buttonClass('secondary')}>
          Change Plan
        </Link>
      </div>
      {manage.isError && <PortalError />}
    </article>
  );
}

/** A plan set to end: Resume makes it renew again (Stripe's cancel_at_period_end turned off). */
function ResumePlan({ sub }: { sub: SubscriptionView }) {
  const resume = useResumeSubscription();
  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: ({ subscription }) =>
        toast({
          title: 'Plan resumed',
          description: `${planName(subscription.plan)} renews on ${formatDate(subscription.currentPeriodEnd)}.`,
        }),
    });
  return (
    <div className="mt-4 rounded-xl border border-border p-4">
      <p className="text-sm text-muted">
        Changed your mind? Resume to keep {planName(sub.plan)}; it then renews as before.
      </p>
      <Button className="mt-3" onClick={onResume} pending={resume.isPending}>
        <RotateCcw className="size-4" aria-hidden />
        {resume.isPending ? 'Resuming…' : 'Resume'}
      </Button>
      {resume.isError && (
        <p role="alert" className="mt-3 text-sm text-error">
          {billingErrorText(resume.error, 'Could not resume your plan right now.')}
        </p>
      )}
    </div>
  );
}
