import { PLANS } from '../../../shared/plans';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatCount } from '../../../shared/format-count';

/**
 * 'Out of Credits' (the spec's title): no AI replies arrive until the user refills; the plans are
 * offered right here. Everywhere else the app counts messages, so the text says that credits are
 * those messages.
 */
export function OutOfCreditsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Out of Credits"
      description="You have no messages left, so no AI replies arrive until you refill."
    >
      <p className="text-sm text-muted">
        Your credits are your plan’s messages: each AI reply uses one. Upgrade for more (Basic:{' '}
        {formatCount(PLANS.basic.monthlyMessages)} messages a month, Pro:{' '}
        {formatCount(PLANS.pro.monthlyMessages)} messages a month), or wait for your monthly
        messages to reset. What you typed stays in the chat, so you can send it again later.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => onOpenChange(false)}
        >
          Got it
        </button>
        <a
          href="/pricing"
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary')}
        >
          See plans
        </a>
      </div>
    </Dialog>
  );
}
