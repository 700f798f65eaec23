import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';

/** The pricing page's questions (spec: rollover, cancel anytime, the cap, privacy). */
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

/** One item open at a time; clicking toggles it. */
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
