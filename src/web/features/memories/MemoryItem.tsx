import { Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Memory } from '../../../shared/memories/contract';
import { MEMORY_LIMITS } from '../../../shared/memories/rules';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/form';
import { IconButton } from '../../components/ui/icon-button';
import { InlineConfirm } from '../../components/ui/inline-confirm';
import { toast, toastError } from '../../components/ui/toast';
import { rowsAround, useFocusBack } from '../../components/ui/use-focus-back';
import { useDeleteMemory, useUpdateMemory } from './api';
import { LeftOut } from './left-out';

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

/** One memory: its words, where it came from, and pin, edit and forget (asked first). */
export function MemoryItem({
  memory: m,
  characterId,
  editing,
  onEditing: setEditing,
  onOpen,
  onForgotten,
}: {
  memory: Memory;
  characterId: number;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onOpen: () => void;
  /** Forgotten: its row goes; the list puts the focus on one of the rows that were around it. */
  onForgotten: (around: ReturnType<typeof rowsAround>) => void;
}) {
  const update = useUpdateMemory(characterId);
  const remove = useDeleteMemory(characterId);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(m.content);
  const busy = update.isPending || remove.isPending;
  // The editor or the question gone (Cancel, Save, Escape, a failed forget): back to the
  // button that opened it.
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  useFocusBack(editing, editButton, busy);
  useFocusBack(confirming, deleteButton, busy);

  const save = async () => {
    try {
      await update.mutateAsync({ id: m.id, content: draft.trim() });
      setEditing(false);
      toast({ title: 'Memory updated' });
    } catch (error) {
      toastError(error);
    }
  };
  const togglePin = () =>
    update
      .mutateAsync({ id: m.id, pinned: !m.pinned })
      .then(() => toast({ title: m.pinned ? 'Memory unpinned' : 'Memory pinned' }), toastError);
  const row = useRef<HTMLLIElement>(null);
  const forget = async () => {
    // Its neighbours as the user saw them when asking (the list may change meanwhile).
    const around = rowsAround(row.current);
    try {
      await remove.mutateAsync(m.id);
      toast({ title: 'Memory deleted' });
      onForgotten(around);
    } catch (error) {
      toastError(error);
      setConfirming(false);
    }
  };

  return (
    <li
      ref={row}
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
              disabled={!draft.trim() || draft.trim() === m.content}
              pending={update.isPending}
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
          <InlineConfirm
            question="Forget this?"
            answer={remove.isPending ? 'Deleting...' : 'Forget'}
            busy={busy}
            pending={remove.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void forget()}
          />
        ) : (
          !editing && (
            <div className="flex gap-1">
              <IconButton
                label={m.pinned ? 'Unpin memory' : 'Pin memory'}
                pressed={m.pinned}
                disabled={remove.isPending}
                pending={update.isPending}
                onClick={() => void togglePin()}
              >
                {m.pinned ? <PinOff className="size-4" /> : <Pin className="size-4" />}
              </IconButton>
              <IconButton
                ref={editButton}
                label="Edit memory"
                disabled={busy}
                onClick={() => {
                  setDraft(m.content);
                  setEditing(true);
                }}
              >
                <Pencil className="size-4" />
              </IconButton>
              <IconButton
                ref={deleteButton}
                label="Delete memory"
                action="delete"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                <Trash2 className="size-4" />
              </IconButton>
            </div>
          )
        )}
      </div>
    </li>
  );
}
