import { Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { LeftOutSummary } from './left-out';
import { MEMORY_LIMITS } from '../../../shared/memories/rules';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/form';
import { toast, toastError } from '../../components/ui/toast';
import { focusRowAfterDelete } from '../../components/ui/use-focus-back';
import { useAddMemory, useMemories } from './api';
import { MemoryItem } from './MemoryItem';

/**
 * 'Memories': what a character remembers about the user — summaries of long conversations and
 * what the user pinned — each with a link to where it was learned; add, edit, pin or forget.
 */
export function MemoriesDialog({
  character,
  onClose,
}: {
  character: { id: number; name: string };
  onClose: () => void;
}) {
  const memories = useMemories(character.id);
  const add = useAddMemory(character.id);
  const [draft, setDraft] = useState('');
  // The memory being edited: Escape leaves its editor before it closes the panel.
  const [editingId, setEditingId] = useState<number | null>(null);
  const newMemory = useRef<HTMLTextAreaElement>(null);
  const remember = async () => {
    const content = draft.trim();
    if (!content) return;
    try {
      await add.mutateAsync({ content });
      // Only what was saved is cleared: the next memory may be typed while the list refreshes.
      setDraft((current) => (current.trim() === content ? '' : current));
      toast({ title: 'Memory saved', description: `${character.name} will remember this.` });
    } catch (error) {
      toastError(error);
    }
  };
  const list = memories.data?.memories ?? [];

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`What ${character.name} remembers`}
      description="Pinned memories always come to mind first; the others when they fit the moment."
      size="wide"
      onEscapeKeyDown={(event) => {
        if (editingId === null) return;
        event.preventDefault();
        setEditingId(null);
      }}
    >
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void remember();
        }}
      >
        <Textarea
          ref={newMemory}
          aria-label="New memory"
          placeholder={`Something ${character.name} should always remember about you`}
          value={draft}
          maxLength={MEMORY_LIMITS.contentMaxLength}
          onChange={(e) => setDraft(e.target.value)}
          className="min-h-16"
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!draft.trim()} pending={add.isPending}>
            {add.isPending ? 'Saving...' : 'Remember'}
          </Button>
        </div>
      </form>
      <div className="mt-4 border-t border-border pt-4">
        {memories.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading memories...
          </p>
        ) : memories.isError ? (
          <p className="text-sm text-muted">
            Could not load memories.{' '}
            <button
              type="button"
              className="font-semibold text-accent underline-offset-2 hover:underline"
              onClick={() => void memories.refetch()}
            >
              Try again
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">
            {character.name} remembers nothing yet. Long conversations are summarised here, and
            anything you pin with ‘Remember this’.
          </p>
        ) : (
          <>
            <LeftOutSummary memories={list} />
            <ul aria-label="Memories" className="space-y-3">
              {list.map((m) => (
                <MemoryItem
                  key={m.id}
                  memory={m}
                  characterId={character.id}
                  editing={editingId === m.id}
                  onEditing={(on) => setEditingId(on ? m.id : null)}
                  onOpen={onClose}
                  // The next memory's Delete, else the one before's; the last one gone, the box
                  // to write a new one.
                  onForgotten={(around) =>
                    focusRowAfterDelete(
                      () => around,
                      () => newMemory.current,
                    )
                  }
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}
