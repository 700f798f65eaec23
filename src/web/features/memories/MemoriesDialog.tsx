import { Loader2, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Memory } from '../../../shared/memories/contract';
import { LeftOut, LeftOutSummary } from './left-out';
import { MEMORY_LIMITS } from '../../../shared/memories/rules';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/form';
import { IconButton } from '../../components/ui/icon-button';
import { toast } from '../../components/ui/toast';
import { useAddMemory, useDeleteMemory, useMemories, useUpdateMemory } from './api';

const failed = (error: unknown) =>
  toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });

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
  const remember = async () => {
    const content = draft.trim();
    if (!content) return;
    try {
      await add.mutateAsync({ content });
      // Only what was saved is cleared: the next memory may be typed while the list refreshes.
      setDraft((current) => (current.trim() === content ? '' : current));
      toast({ title: 'Memory saved', description: `${character.name} will remember this.` });
    } catch (error) {
      failed(error);
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
          aria-label="New memory"
          placeholder={`Something ${character.name} should always remember about you`}
          value={draft}
          maxLength={MEMORY_LIMITS.contentMaxLength}
          onChange={(e) => setDraft(e.target.value)}
          className="min-h-16"
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!draft.trim() || add.isPending}>
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
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** Where a memory came from, with a link that opens it there. */
function MemorySource({
  memory: m,
  characterId,
  onOpen,
}: {
  memory: Memory;
  characterId: number;
  onOpen: () => void;
}) {
  if (m.source === 'manual') return <>Added by you</>;
  if (m.conversationId === null) return <>From a deleted conversation</>;
  const href = `/chat/${m.conversationId}?character=${characterId}${m.messageId ? `&message=${m.messageId}` : ''}`;
  return (
    <>
      {m.source === 'summary' ? 'Summary of ' : 'From a message in '}
      <Link
        href={href}
        onClick={onOpen}
        className="font-semibold text-accent underline-offset-2 hover:underline"
      >
        {m.conversationTitle ?? 'a conversation'}
      </Link>
    </>
  );
}

function MemoryItem({
  memory: m,
  characterId,
  editing,
  onEditing: setEditing,
  onOpen,
}: {
  memory: Memory;
  characterId: number;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onOpen: () => void;
}) {
  const update = useUpdateMemory(characterId);
  const remove = useDeleteMemory(characterId);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(m.content);
  const busy = update.isPending || remove.isPending;

  const save = async () => {
    try {
      await update.mutateAsync({ id: m.id, content: draft.trim() });
      setEditing(false);
      toast({ title: 'Memory updated' });
    } catch (error) {
      failed(error);
    }
  };
  const togglePin = () =>
    update
      .mutateAsync({ id: m.id, pinned: !m.pinned })
      .then(() => toast({ title: m.pinned ? 'Memory unpinned' : 'Memory pinned' }), failed);
  const forget = async () => {
    try {
      await remove.mutateAsync(m.id);
      toast({ title: 'Memory deleted' });
    } catch (error) {
      failed(error);
      setConfirming(false);
    }
  };

  return (
    <li
      data-testid="memory"
      className={`rounded-xl border p-3 ${m.pinned && !m.inPrompt ? 'border-warning/60' : 'border-border'}`}
    >
      {editing ? (
        <div className="space-y-2">
          <Textarea
            aria-label="Edit memory"
            value={draft}
            maxLength={MEMORY_LIMITS.contentMaxLength}
            onChange={(e) => setDraft(e.target.value)}
            className="min-h-16"
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button
              size="sm"
              disabled={!draft.trim() || draft.trim() === m.content || busy}
              onClick={() => void save()}
            >
              Save
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm whitespace-pre-wrap break-words">
          {m.pinned && (
            <Pin className="mr-1.5 inline size-3.5 align-[-2px] text-accent" aria-label="Pinned" />
          )}
          {m.content}
        </p>
      )}
      {!m.inPrompt && <LeftOut pinned={m.pinned} />}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">
          <MemorySource memory={m} characterId={characterId} onOpen={onOpen} /> ·{' '}
          {new Date(m.createdAt).toLocaleDateString()}
        </p>
        {confirming ? (
          <div className="flex items-center gap-2 text-sm">
            <span>Forget this?</span>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button size="sm" variant="destructive" disabled={busy} onClick={() => void forget()}>
              {remove.isPending ? 'Deleting...' : 'Forget'}
            </Button>
          </div>
        ) : (
          !editing && (
            <div className="flex gap-1">
              <IconButton
                label={m.pinned ? 'Unpin memory' : 'Pin memory'}
                pressed={m.pinned}
                disabled={busy}
                onClick={() => void togglePin()}
              >
                {m.pinned ? <PinOff className="size-4" /> : <Pin className="size-4" />}
              </IconButton>
              <IconButton
                label="Edit memory"
                disabled={busy}
                onClick={() => {
                  setDraft(m.content);
                  setEditing(true);
                }}
              >
                <Pencil className="size-4" />
              </IconButton>
              <IconButton label="Delete memory" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 className="size-4" />
              </IconButton>
            </div>
          )
        )}
      </div>
    </li>
  );
}
