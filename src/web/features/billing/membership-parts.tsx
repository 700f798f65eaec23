import { CreditCard } from 'lucide-react';
import { statusLabel, statusTone, type StatusTone } from '../../../shared/billing/contract';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { useCredits } from '../chat-data/api';
import { usePortal } from './api';

/** Parts both membership cards show: the label above the plan, the allowance, the portal. */

const TONE_CLASSES: Record<StatusTone, string> = {
  success: 'border-success/50 bg-success/15 text-success',
  warning: 'border-warning/50 bg-warning/15 text-warning',
  error: 'border-error/50 bg-error/15 text-error',
};

/** 'ACTIVE PLAN' over a paid plan in force, 'CURRENT PLAN' over Free. */
export function PlanLabel({ children }: { children: string }) {
  return (
    <span className="inline-block rounded-full border border-accent/50 bg-accent-strong/20 px-3 py-1 text-xs font-bold tracking-wider text-accent">
      {children}
    </span>
  );
}

/** Spec section 4: the subscription's status, coloured by what it means. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide ${TONE_CLASSES[statusTone(status)]}`}
      data-testid="subscription-status"
    >
      {statusLabel(status)}
    </span>
  );
}

/** What is left of the allowance: of the paid period, or of the free plan's month. */
export function CreditsLeft({ period }: { period: 'period' | 'month' }) {
  const credits = useCredits();
  if (credits.data === undefined) return null;
  return (
    <p className="text-sm text-muted" data-testid="membership-credits">
      <span className="font-semibold text-fg">{credits.data.toLocaleString('en-US')}</span>{' '}
      {credits.data === 1 ? 'message' : 'messages'} left this {period}
    </p>
  );
}

/** Opens Stripe's Billing Portal (card, invoices, cancellation), in this tab. */
export function useManageSubscription() {
  const portal = usePortal();
  const open = () =>
    portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });
  return { open, isPending: portal.isPending, isError: portal.isError };
}

export function ManageSubscriptionButton({
  manage,
  variant = 'primary',
}: {
  manage: ReturnType<typeof useManageSubscription>;
  variant?: ButtonVariant;
}) {
  return (
    <Button variant={variant} onClick={manage.open} pending={manage.isPending}>
      <CreditCard className="size-4" aria-hidden />
      {manage.isPending ? 'Opening…' : 'Manage Subscription'}
    </Button>
  );
}

/** Spec section 8: the portal's failure. */
export function PortalError() {
  return (
    <p role="alert" className="mt-4 text-sm text-error">
      Could not open billing portal right now.
    </p>
  );
}
