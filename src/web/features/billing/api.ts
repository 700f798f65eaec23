import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutRequest } from '../../../shared/billing/contract';
import * as billing from '../../../shared/billing/endpoints';
import { ApiError, call } from '../../lib/api';
import { inForce } from './membership-state';

export const BILLING_PLANS_KEY = [billing.billingPlans.path] as const;
export const SUBSCRIPTION_KEY = [billing.getSubscription.path] as const;

/** The configured Stripe price of each paid plan (they change only with a server restart). */
export const billingPlansQuery = {
  queryKey: BILLING_PLANS_KEY,
  queryFn: () => call(billing.billingPlans),
  staleTime: Infinity,
};

export const useBillingPlans = () => useQuery(billingPlansQuery);

/**
 * The signed-in user's subscription. With `untilFound`, asks again every 2 s while none keeps a
 * plan (just back from paying: Stripe's webhook may land a moment after the browser; an ended
 * subscription may show until then).
 */
export const useSubscription = ({
  enabled,
  untilFound,
}: {
  enabled: boolean;
  untilFound?: boolean;
}) =>
  useQuery({
    queryKey: SUBSCRIPTION_KEY,
    enabled,
    queryFn: async () => (await call(billing.getSubscription)).subscription,
    // Fresh on every visit: the page is where a missed payment or plan change shows up.
    staleTime: 0,
    refetchInterval: (query) => (untilFound && !inForce(query.state.data) ? 2000 : false),
  });

/** Starts Checkout (or the portal, for a user who already pays); resolves with where to go. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (body: CheckoutRequest) => call(billing.checkout, { body }),
  });

export const usePortal = () =>
  useMutation({
    mutationFn: () => call(billing.createPortalSession),
  });

/**
 * Keeps the plan that is set to end at its period's end: it renews again. The answer is the
 * subscription as it now stands; after a refusal (it ended meanwhile) the subscription is read
 * again, so the page shows what is true.
 */
export function useResumeSubscription() {
  const client = useQueryClient();
  return useMutation({
    // A read of the subscription under way (the page just opened: it reads on every visit) would
    // answer after this, with the plan still ending: it is called off, and Resume's answer stands.
    onMutate: () => client.cancelQueries({ queryKey: SUBSCRIPTION_KEY }),
    mutationFn: () => call(billing.resumeSubscription),
    onSuccess: ({ subscription }) => client.setQueryData(SUBSCRIPTION_KEY, subscription),
    onError: () => client.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
  });
}

/**
 * The server's own words when it gave a reason (e.g. 'Billing is not configured'); otherwise
 * the spec's text for the failure.
 */
export function billingErrorText(error: unknown, fallback: string): string {
  const explained = error instanceof ApiError && (error.status < 500 || error.status === 503);
  return explained ? error.message : fallback;
}
