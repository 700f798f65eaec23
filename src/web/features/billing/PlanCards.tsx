import { Check, ChevronDown, Crown } from 'lucide-react';
import { useId, useState } from 'react';
import { PLANS, type PlanId } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { billingErrorText, billingPlansQuery, useCheckout } from './api';
import { queryClient } from '../../lib/query-client';

interface PlanCard {
  id: PlanId;
  tagline: string;
  badge?: string;
  button: string;
  features: string[];
  highlighted?: boolean;
}

export const PLAN_CARDS: PlanCard[] = [
  {
    id: 'free',
    tagline: 'Limited access',
    button: 'Sign In',
    features: [
      `${PLANS.free.monthlyMessages} messages per month`,
      'Limited access',
      'No credit card required',
    ],
  },
  {
    id: 'basic',
    tagline: 'Full access',
    badge: 'Only $1 / week!',
    button: 'Get Access',
    highlighted: true,
    features: [
      `${PLANS.basic.monthlyMessages.toLocaleString('en-US')} messages per month`,
      'Full access to every feature',
      'Chat Mode and Story Mode',
    ],
  },
  {
    id: 'pro',
    tagline: 'For power users',
    badge: 'PRO CREATOR',
    button: 'Go Pro',
    features: [
      `${PLANS.pro.monthlyMessages.toLocaleString('en-US')} messages per month`,
      'Full access to every feature',
      'Request future features',
    ],
  },
];

const FAQ = [
  {
    q: 'Do unused messages roll over?',
    a: 'No. Your message allowance resets at the start of every billing period, and unused messages do not roll over.',
  },
  {
    q: 'Can I cancel anytime?',
    a: 'Yes. Cancel whenever you like; your plan stays active until the end of the current billing cycle.',
  },
  {
    q: 'What happens when I reach my message cap?',
    a: 'You will see a notice that you are out of messages. You can upgrade your plan right away or wait until your allowance resets.',
  },
  {
    q: 'Are my chats private?',
    a: 'Yes. Your conversations are private and encrypted in transit. Staff only ever see a message pair you choose to rate with thumbs up or down.',
  },
];

export function PlanCardView({ card, current }: { card: PlanCard; current: boolean }) {
  const plan = PLANS[card.id];
  const { user, isLoading } = useSession();
  const authDialog = useAuthDialog();
  const checkout = useCheckout();

  const choose = async () => {
    if (!user) return authDialog.open('signin');
    if (card.id === 'free') {
      window.open('/chat', '_blank', 'noopener');
      return;
    }
    try {
      // The configured Stripe price of this plan; none when billing is not configured, and then
      // the server says so.
      const plans = await queryClient.fetchQuery(billingPlansQuery);
      const { url } = await checkout.mutateAsync({ priceId: plans.prices[card.id] ?? '' });
      // Stripe's hosted Checkout, or the Billing Portal when this user already pays.
      window.location.assign(url);
    } catch (error) {
      window.alert(billingErrorText(error, 'Something went wrong. Try again later.'));
    }
  };

  return (
    <article
      aria-labelledby={`plan-${card.id}`}
      className={`relative flex flex-col rounded-2xl border p-6 ${card.highlighted ? 'border-accent bg-gradient-to-b from-accent-strong/25 to-surface shadow-[0_0_40px_-10px_var(--accent-strong)]' : 'border-border bg-surface'}`}
    >
      {card.badge && (
        <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-accent-strong px-3 py-1 text-xs font-bold text-on-accent">
          {card.id === 'pro' && <Crown className="size-3.5" aria-hidden />}
          {card.badge}
        </span>
      )}
      <h2 id={`plan-${card.id}`} className="text-xl font-bold">
        {plan.name}
      </h2>
      <p className="text-sm text-muted">{card.tagline}</p>
      <p className="mt-4">
        <span className="text-4xl font-extrabold">${plan.priceUsd}</span>
        <span className="text-muted"> / month</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {card.features.map((f) => (
          <li key={f} className="flex items-start gap-2 text-sm">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      {current && (
        <p
          className="mt-6 text-center text-sm font-semibold text-success"
          data-testid="current-plan"
        >
          Your current plan
        </p>
      )}
      <Button
        className={`${current ? 'mt-2' : 'mt-8'} w-full`}
        variant={card.highlighted ? 'primary' : 'secondary'}
        // Until the session is known, a click could not tell a visitor from a signed-in user.
        disabled={isLoading || checkout.isPending}
        onClick={choose}
      >
        {card.button}
      </Button>
    </article>
  );
}

export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <section className="mx-auto mt-20 max-w-3xl px-4" aria-labelledby="faq-title">
      <h2 id="faq-title" className="text-center text-3xl font-bold">
        Frequently Asked Questions
      </h2>
      <div className="mt-8 divide-y divide-border rounded-2xl border border-border bg-surface">
        {FAQ.map((item, index) => {
          const expanded = open === index;
          const panelId = `${baseId}-panel-${index}`;
          return (
            <div key={item.q}>
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : index)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold"
                >
                  {item.q}
                  <ChevronDown
                    className={`size-5 shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                    aria-hidden
                  />
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                hidden={!expanded}
                className="px-5 pb-4 text-sm text-muted"
              >
                {item.a}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
