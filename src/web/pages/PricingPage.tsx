import { useEffect } from 'react';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { toast } from '../components/ui/toast';
import { Faq } from '../features/billing/Faq';
import { PLAN_CARDS, PlanCardView } from '../features/billing/PlanCards';
import { usePlanViewer } from '../features/billing/plan-viewer';
import { CallToAction } from '../features/marketing/CallToAction';
import { usePageTitle } from '../lib/use-page-title';

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
  // Marks the signed-in user's own plan, and words each button for them (issue 45).
  const viewer = usePlanViewer();
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
          <PlanCardView key={card.id} card={card} viewer={viewer} />
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
