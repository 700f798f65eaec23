import { useEffect } from 'react';
import { PLAN_KEEPING_STATUSES } from '../../shared/billing/contract';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { toast } from '../components/ui/toast';
import { useSession } from '../features/auth/session';
import { useSubscription } from '../features/billing/api';
import { CallToAction } from '../features/marketing/CallToAction';
import { usePageTitle } from '../lib/use-page-title';
import { PLAN_CARDS, PlanCardView, Faq } from '../features/billing/PlanCards';

/** Back from Stripe Checkout without paying: say so, and clean the address bar. */
function useCheckoutCanceledNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('checkout') !== 'canceled') return;
    toast({ title: 'Checkout canceled', description: 'You have not been charged.' });
    url.searchParams.delete('checkout');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
}

export default function PricingPage() {
  usePageTitle('Pricing Plans');
  useCheckoutCanceledNotice();
  const { user } = useSession();
  // Marks the plan a paying user is on (errors, e.g. billing not configured, just mark nothing).
  const subscription = useSubscription({ enabled: Boolean(user) });
  const current =
    subscription.data && PLAN_KEEPING_STATUSES.includes(subscription.data.status)
      ? subscription.data.plan
      : undefined;
  return (
    <MarketingLayout>
      <section className="px-4 pt-16 pb-10 text-center" aria-labelledby="pricing-title">
        <h1 id="pricing-title" className="text-4xl font-extrabold sm:text-5xl">
          Pricing Plans
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          Start free. Upgrade when you want more time with your companions.
        </p>
      </section>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
        {PLAN_CARDS.map((card) => (
          <PlanCardView key={card.id} card={card} current={card.id === current} />
        ))}
      </div>
      <Faq />
      <CallToAction
        title="Ready to meet your companion?"
        text="Sign up in seconds and start chatting for free."
      />
    </MarketingLayout>
  );
}
