import { PLANS, type PlanId } from '../../../shared/plans';
import { useSession } from '../auth/session';
import { useSubscription } from './api';
import { inForce, planInForce } from './membership-state';

/**
 * Who looks at the plan cards (issue 45 item 11): a visitor, whose buttons offer to sign in; a
 * signed-in user, whose own plan is marked as theirs and never offered to them again; or not
 * known yet (the session or the subscription still being read), when no button can say the
 * right thing.
 */
export type PlanViewer =
  | { kind: 'visitor' }
  | { kind: 'loading' }
  | {
      kind: 'member';
      /** The plan in force; null when it cannot be told (e.g. billing is not configured). */
      plan: PlanId | 'unknown' | null;
      /** ISO 8601: when the plan in force ends, when it is set to end. */
      endsOn: string | null;
    };

/** What a card's button does for this viewer, and what it says. */
export type CardAction =
  { kind: 'loading' } | { kind: 'sign-in' | 'chat' | 'checkout' | 'manage'; label: string };

/** A plan card's own offer: the spec's 'Sign In', 'Get Access', 'Go Pro'. */
export interface CardOffer {
  id: PlanId;
  button: string;
}

/** A plan's card on /pricing: its offer and what the card says about the plan. */
export interface PlanCard extends CardOffer {
  tagline: string;
  badge?: string;
  features: string[];
  highlighted?: boolean;
}

export const isCurrentPlan = (card: CardOffer, viewer: PlanViewer) =>
  viewer.kind === 'member' && viewer.plan === card.id;

/**
 * A visitor gets each card's offer (signing in first). A signed-in user: Free opens the chat;
 * their own paid plan is managed on /membership; another paid plan is an offer, or a switch for
 * someone who already pays (Stripe's portal confirms it).
 */
export function cardAction(card: CardOffer, viewer: PlanViewer): CardAction {
  if (viewer.kind === 'loading') return { kind: 'loading' };
  if (viewer.kind === 'visitor') return { kind: 'sign-in', label: card.button };
  if (card.id === 'free') return { kind: 'chat', label: 'Start Chatting' };
  if (viewer.plan === card.id) return { kind: 'manage', label: 'Manage Plan' };
  const paying = viewer.plan !== null && viewer.plan !== 'free';
  return { kind: 'checkout', label: paying ? `Switch to ${PLANS[card.id].name}` : card.button };
}

/** The pricing page's viewer, from the session and the subscription. */
export function usePlanViewer(): PlanViewer {
  const { user, isLoading } = useSession();
  const subscription = useSubscription({ enabled: Boolean(user) });
  if (isLoading) return { kind: 'loading' };
  if (!user) return { kind: 'visitor' };
  if (subscription.isPending) return { kind: 'loading' };
  if (subscription.isError) return { kind: 'member', plan: null, endsOn: null };
  const sub = subscription.data;
  return {
    kind: 'member',
    plan: planInForce(sub),
    endsOn: inForce(sub) && sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null,
  };
}
