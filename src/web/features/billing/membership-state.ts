import {
  PLAN_KEEPING_STATUSES,
  planName,
  statusLabel,
  type SubscriptionView,
} from '../../../shared/billing/contract';
import type { PlanId } from '../../../shared/plans';

/**
 * What the membership and pricing pages say about the user's subscription (issue 45): the plan
 * in force — the subscription's while Stripe keeps it (active, trialing, past due), Free once it
 * has ended or is on hold — and when it renews, ends or ended.
 */

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Whether the subscription's plan is the one in force (Stripe's retry window included). */
export const inForce = (sub: SubscriptionView | null | undefined): sub is SubscriptionView =>
  Boolean(sub && PLAN_KEEPING_STATUSES.includes(sub.status));

/** The plan in force: the subscription's, or Free without one that keeps a plan. */
export const planInForce = (sub: SubscriptionView | null): PlanId | 'unknown' =>
  inForce(sub) ? sub.plan : 'free';

/** 'Your Pro plan', or 'Your paid plan' when its price is neither configured one. */
const yourPlan = (sub: SubscriptionView) =>
  sub.plan === 'unknown' ? 'Your paid plan' : `Your ${planName(sub.plan)} plan`;

/** The line under the plan in force: when it renews, or when it ends. */
export function periodLine(sub: SubscriptionView): string {
  const date = formatDate(sub.currentPeriodEnd);
  if (sub.cancelAtPeriodEnd) return `${yourPlan(sub)} ends on ${date}.`;
  if (sub.status === 'trialing') return `Your trial ends on ${date}; then your plan renews.`;
  return `Renews on ${date}`;
}

/** Why a subscription no longer gives its plan: it ended (and when), or it is on hold. */
export function lapsedLine(sub: SubscriptionView): string {
  if (sub.endedAt) return `${yourPlan(sub)} ended on ${formatDate(sub.endedAt)}.`;
  switch (sub.status) {
    case 'unpaid':
      return `${yourPlan(sub)} is on hold: its payment did not go through. Update your card in Manage Subscription to get it back.`;
    case 'paused':
      return `${yourPlan(sub)} is paused. Resume it in Manage Subscription.`;
    case 'incomplete':
      return `${yourPlan(sub)} has not started: its first payment is not complete.`;
    default:
      return `${yourPlan(sub)} is not active (${statusLabel(sub.status)}).`;
  }
}
