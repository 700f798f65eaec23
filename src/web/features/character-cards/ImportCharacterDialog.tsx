import { FileUp, Loader2 } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useLocation } from 'wouter';
import { Dialog } from '../../components/ui/dialog';
import { HiddenFileInput } from '../../components/ui/hidden-file-input';
import { keepImportedCard } from './imported-card';
import { CARD_FILE_TYPES, useReadCard } from './read-card';

/**
 * 'Import character': a card file dropped or chosen is read by the server into a draft, and the
 * Create Character form opens with it. A card that cannot be read leaves the user here with the
 * server's reason; nothing else changes.
 */
export default function ImportCharacterDialog({
  onClose,
  onCloseAutoFocus,
}: {
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const read = useReadCard();
  const [, navigate] = useLocation();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const busy = read.isPending;

  const take = (file: File | undefined) => {
    if (!file || busy) return;
    read.mutate(file, {
      onSuccess: (card) => navigate('/create', { state: keepImportedCard(card) }),
    });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Import character"
      description="A character card from SillyTavern, Chub, RisuAI and the like: a .png, .json or .charx file up to 20 MB. The form opens filled in, to check before you create."
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
    >
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="card-drop-zone"
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? 'border-accent bg-hover-strong' : 'border-border'}`}
      >
        <FileUp className="size-8 text-muted" aria-hidden />
        <p className="text-sm text-muted">Drop a card here, or</p>
        <button
          type="button"
          autoFocus
          onClick={() => input.current?.click()}
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent-strong px-4 text-sm font-semibold text-on-accent hover:bg-accent-strong-hover"
        >
          {busy ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden /> Reading the card…
            </>
          ) : (
            'Choose a file'
          )}
        </button>
        <HiddenFileInput
          ref={input}
          accept={CARD_FILE_TYPES}
          label="Character card file"
          onFile={take}
        />
      </div>
      {read.error && (
        <p role="alert" className="mt-3 text-sm text-error">
          {read.error.message}
        </p>
      )}
    </Dialog>
  );
}
