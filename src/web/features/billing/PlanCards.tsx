import { Check, Crown } from 'lucide-react';
import { PLANS } from '../../../shared/plans';
import { formatDate } from './membership-state';
import { PlanCardButton } from './PlanCardButton';
import { isCurrentPlan, type PlanCard, type PlanViewer } from './plan-viewer';

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

/** One plan: its price and features, and the button this viewer should see (plan-viewer.ts). */
export function PlanCardView({ card, viewer }: { card: PlanCard; viewer: PlanViewer }) {
  const plan = PLANS[card.id];
  const current = isCurrentPlan(card, viewer);
  const endsOn = current && viewer.kind === 'member' ? viewer.endsOn : null;
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
        <div className="mt-6 text-center text-sm">
          <p className="font-semibold text-success" data-testid="current-plan">
            Your current plan
          </p>
          {endsOn && <p className="text-muted">Ends on {formatDate(endsOn)}</p>}
        </div>
      )}
      <PlanCardButton
        card={card}
        viewer={viewer}
        className={`${current ? 'mt-2' : 'mt-8'} w-full`}
      />
    </article>
  );
}
