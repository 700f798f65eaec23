import { useState } from 'react';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../shared/reports/contract';
import { Dialog } from '../../components/ui/dialog';
import { CountedTextarea, DialogFormFooter } from '../../components/ui/dialog-form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useSendReport } from './reports-api';

/** What is reported: a message of the conversation, or a character. */
export type ReportTarget = { messageId: number } | { characterId: number; name: string };

const DETAILS_ID = 'report-details';

/**
 * 'Report' on a reply or a character (issue 49): why (one reason), optional words, and it is
 * sent to the moderators. Only what was reported is shown to them, with the messages around it.
 * The focus goes back to what opened it (`returnFocus`) once closed.
 */
export function ReportDialog({
  target,
  onClose,
  returnFocus,
}: {
  target: ReportTarget;
  onClose: () => void;
  returnFocus?: () => void;
}) {
  const send = useSendReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();
  const what = 'messageId' in target ? 'this message' : target.name;
  const submit = async () => {
    if (!reason) return setError('Choose why you are reporting this.');
    setError(undefined);
    try {
      const trimmed = details.trim();
      const about =
        'messageId' in target
          ? { messageId: target.messageId }
          : { characterId: target.characterId };
      await send.mutateAsync({ ...about, reason, ...(trimmed ? { details: trimmed } : {}) });
      toast({
        title: 'Report sent',
        description: 'A moderator will look at it. You can follow it in Account → Reports.',
      });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not send the report.');
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Report ${what}`}
      description="Moderators see only what you report and the messages around it."
      onCloseAutoFocus={(event) => {
        if (!returnFocus) return;
        event.preventDefault();
        returnFocus();
      }}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="space-y-1">
          <legend className="mb-2 text-sm font-semibold">Why are you reporting it?</legend>
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-hover-strong"
            >
              <input
                type="radio"
                name="report-reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="size-4 accent-accent"
              />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        <CountedTextarea
          id={DETAILS_ID}
          label="Anything to add (optional)"
          value={details}
          max={REPORT_DETAILS_MAX}
          onChange={setDetails}
        />
        <DialogFormFooter
          error={error}
          pending={send.isPending}
          submit={{ label: 'Send report', pendingLabel: 'Sending…' }}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/** The character menu's panel (character-menu-entries.tsx): a report of the character. */
export function ReportCharacterDialog({
  character,
  onClose,
}: {
  character: { id: number; name: string };
  onClose: () => void;
}) {
  return (
    <ReportDialog target={{ characterId: character.id, name: character.name }} onClose={onClose} />
  );
}
