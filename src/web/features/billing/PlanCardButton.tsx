import { Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../components/ui/button';
import { queryClient } from '../../lib/query-client';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { billingErrorText, billingPlansQuery, useCheckout } from './api';
import { cardAction, type PlanCard, type PlanViewer } from './plan-viewer';
import { toast } from '../../components/ui/toast';

/**
 * A plan card's button for this viewer: sign in first (a visitor), open the chat (Free), manage
 * the plan on /membership (their own), or Checkout — the Billing Portal for someone who pays.
 */
export function PlanCardButton({
  card,
  viewer,
  className,
}: {
  card: PlanCard;
  viewer: PlanViewer;
  className: string;
}) {
  const authDialog = useAuthDialog();
  const checkout = useCheckout();
  const action = cardAction(card, viewer);
  const variant = card.highlighted ? 'primary' : 'secondary';
  if (action.kind === 'manage') {
    return (
      <Link href="/membership" className={buttonClass(variant, 'md', className)}>
        {action.label}
      </Link>
    );
  }
  if (action.kind === 'loading') {
    // Until the session and the plan are known, no label would be true for everyone.
    return (
      <Button className={className} variant={variant} disabled>
        <Loader2 className="size-4 animate-spin" aria-hidden />
        <span className="sr-only">Loading</span>
      </Button>
    );
  }
  const choose = async () => {
    if (action.kind === 'sign-in') return authDialog.open('signin');
    if (action.kind === 'chat' || card.id === 'free') {
      return void window.open('/chat', '_blank', 'noopener');
    }
    try {
      // The configured Stripe price of this plan; none when billing is not configured, and then
      // the server says so.
      const plans = await queryClient.fetchQuery(billingPlansQuery);
      const { url } = await checkout.mutateAsync({ priceId: plans.prices[card.id] ?? '' });
      // Stripe's hosted Checkout, or the Billing Portal when this user already pays.
      window.location.assign(url);
    } catch (error) {
      // In the page, not the browser's alert(): the spec's words, as an error toast.
      toast({
        title: billingErrorText(error, 'Something went wrong. Try again later.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button className={className} variant={variant} disabled={checkout.isPending} onClick={choose}>
      {action.label}
    </Button>
  );
}
