import { Archive, MoreVertical, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { Character } from '../../../shared/characters/contract';
import type { ConversationSummary } from '../../../shared/chat/contract';
import { excerpt } from '../../../shared/chat/rules';
import { Menu } from '../../components/ui/menu';
import { CharacterAvatar } from '../characters/components/CharacterAvatar';
import { markdownToText } from './markdown';

/**
 * One conversation in 'Recent Chats': who it is with (avatar and name), its title, the last
 * message cut at 28 characters, and a menu with Delete Conversation.
 */
export function RecentChatItem({
  conversation: c,
  who,
  active,
  onOpen,
  onDelete,
}: {
  conversation: ConversationSummary;
  /** Its character; undefined while the characters load or once the character is deleted. */
  who: Pick<Character, 'name' | 'avatarUrl' | 'avatarColor'> | undefined;
  active: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className={`flex items-center gap-1 rounded-lg pr-1 ${active ? 'bg-hover-strong shadow-[inset_3px_0_0_var(--accent)]' : 'hover:bg-hover'}`}
    >
      <Link
        href={c.characterId === null ? `/chat/${c.id}` : `/chat/${c.id}?character=${c.characterId}`}
        onClick={onOpen}
        aria-current={active ? 'page' : undefined}
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
              excerpt(markdownToText(c.lastMessage ?? '')),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      </Link>
      <Menu
        trigger={{
          className: 'rounded-md p-1.5 text-muted hover:bg-hover-strong hover:text-fg',
          'aria-label': `Options for conversation ${c.title}`,
          children: <MoreVertical className="size-4" aria-hidden />,
        }}
        align="end"
        contentClassName="w-52"
        entries={[
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
    </li>
  );
}
