import { PLANS } from '../../../shared/plans';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatCount } from '../../../shared/format-count';

/** 'Out of Credits': no AI replies arrive until the user refills; the plans are offered right here. */
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
        Upgrade your plan for more messages (Basic: {formatCount(PLANS.basic.monthlyMessages)} a
        month, Pro: {formatCount(PLANS.pro.monthlyMessages)}), or wait for your allowance to reset.
        What you typed stays in the chat, so you can send it again later.
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
