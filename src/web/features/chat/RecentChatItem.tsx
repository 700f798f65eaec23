import { Archive, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Character } from '../../../shared/characters/contract';
import type { ConversationSummary } from '../../../shared/chat/contract';
import { excerpt } from '../../../shared/chat/rules';
import { Menu } from '../../components/ui/menu';
import { CharacterAvatar } from '../characters/components/CharacterAvatar';
import { ScenePart } from './lazy-parts';
import { markdownToText } from './markdown';
import { ModeLabel } from './ModeLabel';

// Loaded on the first Rename, not with the chat (its first load has a budget, decision 0018).
const RenameConversationField = lazy(() =>
  import('./RenameConversationField').then((m) => ({ default: m.RenameConversationField })),
);

/**
 * One conversation in 'Recent Chats': who it is with (avatar and name), its title, its mode, the
 * last message cut at 28 characters (or, in a search's results, the words around the match), a
 * dot while it has messages the user has not seen (issue 52), and a menu with Rename and Delete
 * Conversation. Rename edits the title in its place; once saved or left, the focus goes back to
 * the menu's button.
 */
export function RecentChatItem({
  conversation: c,
  who,
  active,
  onOpen,
  onDelete,
  found,
}: {
  conversation: ConversationSummary;
  /** Its character; undefined while the characters load or once the character is deleted. */
  who: Pick<Character, 'name' | 'avatarUrl' | 'avatarColor'> | undefined;
  active: boolean;
  onOpen: () => void;
  onDelete: () => void;
  /** In a search's results, what was found in its messages, shown instead of the last one. */
  found?: ReactNode;
}) {
  const [renaming, setRenaming] = useState(false);
  // Read by the menu as it closes, before the rename field's render: it must not take the focus.
  const renamingNow = useRef(false);
  const row = useRef<HTMLLIElement>(null);

  // Who (a group scene's avatars name its characters), and the last message unless what a
  // search found shows instead.
  const details = [
    c.characterId === null ? 'Character deleted' : !c.characterIds && who?.name,
    found ? '' : excerpt(markdownToText(c.lastMessage ?? '')),
  ].filter(Boolean);

  return (
    <li
      ref={row}
      className={`flex items-center gap-1 rounded-lg pr-1 ${active ? 'bg-hover-strong shadow-[inset_3px_0_0_var(--accent)]' : 'hover:bg-hover'}`}
    >
      {renaming ? (
        <Suspense fallback={null}>
          <RenameConversationField
            conversation={c}
            row={row}
            onDone={() => {
              renamingNow.current = false;
              setRenaming(false);
            }}
          />
        </Suspense>
      ) : (
        <>
          <Link
            href={
              c.characterId === null ? `/chat/${c.id}` : `/chat/${c.id}?character=${c.characterId}`
            }
            onClick={onOpen}
            aria-current={active ? 'page' : undefined}
            className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg p-2"
          >
            {c.characterIds ? (
              <Suspense fallback={null}>
                <ScenePart part="avatars" ids={c.characterIds} />
              </Suspense>
            ) : who ? (
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
              <span className="flex min-w-0 items-center gap-1 text-xs text-muted">
                <ModeLabel mode={c.chatMode} />
                {details.length > 0 && <span className="truncate">· {details.join(' · ')}</span>}
              </span>
              {found}
            </span>
            {c.unread && (
              <span
                role="img"
                aria-label="Unread"
                data-testid="unread-mark"
                className="size-2.5 shrink-0 rounded-full bg-accent"
              />
            )}
          </Link>
          <Menu
            trigger={{
              className:
                'inline-flex items-center justify-center rounded-md p-1.5 text-muted hover:bg-hover-strong hover:text-fg max-sm:min-h-11 max-sm:min-w-11',
              'aria-label': `Options for conversation ${c.title}`,
              children: <MoreVertical className="size-4" aria-hidden />,
            }}
            align="end"
            contentClassName="w-52"
            onCloseAutoFocus={(event) => renamingNow.current && event.preventDefault()}
            entries={[
              {
                kind: 'item',
                content: (
                  <>
                    <Pencil className="size-4" aria-hidden /> Rename
                  </>
                ),
                onSelect: () => {
                  renamingNow.current = true;
                  setRenaming(true);
                },
              },
              {
                kind: 'item',
                content: (
                  <>
                    <Trash2 className="size-4" aria-hidden /> Delete Conversation
                  </>
                ),
                onSelect: onDelete,
                danger: true,
              },
            ]}
          />
        </>
      )}
    </li>
  );
}
