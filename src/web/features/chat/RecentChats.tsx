import { DropdownMenu } from 'radix-ui';
import { Archive, MoreVertical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { excerpt } from '../../../shared/chat/rules';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { useCharacters } from '../characters/api';
import { CharacterAvatar } from '../characters/components/CharacterAvatar';
import { useConversations } from './api';
import { useDeleteConversation } from './mutations';

/**
 * 'Recent Chats': who each conversation is with (avatar and name), its title, the last message
 * cut at 28 characters, and Delete Conversation.
 */
export function RecentChats({
  activeId,
  onOpen,
  onDeletedActive,
}: {
  activeId: number | null;
  onOpen: () => void;
  onDeletedActive: (characterId: number | null) => void;
}) {
  const conversations = useConversations();
  const characters = useCharacters();
  const byId = new Map((characters.data ?? []).map((c) => [c.id, c]));
  const [deleting, setDeleting] = useState<{
    id: number;
    title: string;
    characterId: number | null;
  } | null>(null);
  const remove = useDeleteConversation();
  const busy = remove.isPending;
  // Conversations whose character was deleted stay listed, read-only, until the user deletes them.
  const list = conversations.data ?? [];

  const confirm = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Conversation deleted' });
      if (deleting.id === activeId) onDeletedActive(deleting.characterId);
      setDeleting(null);
    } catch {
      toast({ title: 'Error deleting conversation', variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="recent-chats">
      <h2
        id="recent-chats"
        className="px-2 text-xs font-semibold tracking-widest text-muted uppercase"
      >
        Recent Chats
      </h2>
      {list.length === 0 && <p className="mt-2 px-2 text-sm text-muted">No conversations yet.</p>}
      <ul className="mt-2 space-y-1">
        {list.map((c) => {
          const who = c.characterId === null ? undefined : byId.get(c.characterId);
          return (
            <li
              key={c.id}
              className={`flex items-center gap-1 rounded-lg pr-1 ${c.id === activeId ? 'bg-hover-strong shadow-[inset_3px_0_0_var(--accent)]' : 'hover:bg-hover'}`}
            >
              <Link
                href={
                  c.characterId === null
                    ? `/chat/${c.id}`
                    : `/chat/${c.id}?character=${c.characterId}`
                }
                onClick={onOpen}
                aria-current={c.id === activeId ? 'page' : undefined}
                className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg p-2"
              >
                {who ? (
                  <CharacterAvatar
                    name={who.name}
                    avatarUrl={who.avatarUrl}
                    avatarColor={who.avatarColor}
                    size="sm"
                  />
                ) : (
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full border border-border text-muted">
                    <Archive className="size-4" aria-hidden />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{c.title}</span>
                  <span className="block truncate text-xs text-muted">
                    {[
                      c.characterId === null ? 'Character deleted' : who?.name,
                      excerpt(c.lastMessage),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </Link>
              <DropdownMenu.Root>
                <DropdownMenu.Trigger
                  className="rounded-md p-1.5 text-muted hover:bg-hover-strong hover:text-fg"
                  aria-label={`Options for conversation ${c.title}`}
                >
                  <MoreVertical className="size-4" aria-hidden />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content
                    align="end"
                    className="z-50 w-52 rounded-lg border border-border bg-surface p-1 text-fg shadow-xl"
                  >
                    <DropdownMenu.Item
                      className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-error outline-none data-[highlighted]:bg-hover-strong"
                      onSelect={() =>
                        setDeleting({ id: c.id, title: c.title, characterId: c.characterId })
                      }
                    >
                      <Trash2 className="size-4" aria-hidden /> Delete Conversation
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </li>
          );
        })}
      </ul>
      {deleting && (
        <Dialog
          open
          onOpenChange={(open) => !open && !busy && setDeleting(null)}
          title="Delete this conversation?"
          description={`“${deleting.title}” and all its messages will be deleted. This cannot be undone.`}
        >
          <div className="flex justify-end gap-3">
            <Button variant="secondary" disabled={busy} onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
