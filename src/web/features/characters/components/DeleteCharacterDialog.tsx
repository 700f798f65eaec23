import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast';
import { useDeleteCharacter } from '../mutations';

/** 'Delete {name}?' with the choice to delete the character's conversations too. */
export function DeleteCharacterDialog({
  character,
  onClose,
  onDeleted,
}: {
  character: { id: number; name: string };
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const [withConversations, setWithConversations] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = useDeleteCharacter();
  // What had the focus as it opened (the character's menu button), to have it back on Cancel:
  // Radix, with no trigger of its own, would leave it on the page's body.
  const [opener] = useState(() => document.activeElement);

  const confirm = async () => {
    setBusy(true);
    try {
      await remove.mutateAsync({ id: character.id, withConversations });
      toast({ title: 'Character deleted', description: 'Character removed.' });
      onDeleted(character.id);
    } catch (error) {
      toast({
        title: 'Error deleting',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={`Delete ${character.name}?`}
      description={`This cannot be undone. Past conversations with ${character.name} become unusable.`}
      onCloseAutoFocus={(event) => {
        if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
        event.preventDefault();
        opener.focus();
      }}
    >
      <p className="mb-4 text-sm text-muted">
        What {character.name} remembers about you is deleted with them.
      </p>
      <Checkbox
        label="Delete conversations with this character"
        checked={withConversations}
        onChange={(e) => setWithConversations(e.target.checked)}
      />
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={() => void confirm()} pending={busy}>
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
