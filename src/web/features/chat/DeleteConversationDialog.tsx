import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import type { useDeleteConversation } from './mutations';

/**
 * 'Delete this conversation?': it asks whether the character should forget what it learned
 * there (it does by default). `characterName` is undefined when the character is gone. A chunk
 * of its own with Radix Dialog, loaded when it opens (the chat's first load has a budget,
 * decision 0018); `remove` is RecentChats' delete mutation, so the chunk holds the dialog only.
 */
export function DeleteConversationDialog({
  conversation,
  characterName,
  remove,
  onDeleted,
  onClose,
}: {
  conversation: { id: number; title: string; characterId: number | null };
  characterName: string | undefined;
  remove: ReturnType<typeof useDeleteConversation>;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [forget, setForget] = useState(true);
  const busy = remove.isPending;
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: conversation.id, forget });
      toast({ title: 'Conversation deleted' });
      onDeleted();
      onClose();
    } catch {
      toast({ title: 'Error deleting conversation', variant: 'destructive' });
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Delete this conversation?"
      description={`“${conversation.title}” and all its messages will be deleted. This cannot be undone.`}
    >
      {conversation.characterId !== null && (
        <Checkbox
          className="mb-6"
          checked={forget}
          onChange={(e) => setForget(e.target.checked)}
          label={`Also forget what ${characterName ?? 'the character'} learned in it`}
        />
      )}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" pending={busy} onClick={() => void confirm()}>
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
