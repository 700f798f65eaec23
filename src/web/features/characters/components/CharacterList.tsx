import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import type { CharacterListItem } from '../../../../shared/characters/contract';
import { buttonClass } from '../../../components/ui/button';
import { ImportCharacterButton } from '../../character-cards/ImportCharacterButton';
import { AiBadge } from './AiBadge';
import { CharacterAvatar } from './CharacterAvatar';
import { CharacterMenu } from './CharacterMenu';

export const chatCountLabel = (n: number) => `${n} ${n === 1 ? 'chat' : 'chats'}`;

/** 'Create Character', 'Import character' and the 'Start chatting' list, most-chatted first (the server's order). */
export function CharacterList({
  characters,
  selectedId,
  onSelect,
  onDelete,
}: {
  characters: CharacterListItem[] | undefined;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onDelete: (character: CharacterListItem) => void;
}) {
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Link href="/create" className={buttonClass('primary', 'md', 'min-h-11 w-full')}>
          <Plus className="size-4" aria-hidden /> Create Character
        </Link>
        <ImportCharacterButton className="w-full" />
      </div>
      <section aria-labelledby="start-chatting">
        <h2
          id="start-chatting"
          className="px-2 text-xs font-semibold tracking-widest text-muted uppercase"
        >
          Start chatting
        </h2>
        {characters && characters.length === 0 && (
          <p className="mt-2 px-2 text-sm text-muted">No characters yet. Create your first one!</p>
        )}
        <ul className="mt-2 space-y-1">
          {characters?.map((c) => (
            <li
              key={c.id}
              className={`group flex items-center gap-1 rounded-lg pr-1 ${c.id === selectedId ? 'bg-hover-strong shadow-[inset_3px_0_0_var(--accent)]' : 'hover:bg-hover'}`}
            >
              <button
                type="button"
                onClick={() => onSelect(c.id)}
                aria-current={c.id === selectedId ? 'true' : undefined}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-2 text-left"
              >
                <CharacterAvatar
                  name={c.name}
                  avatarUrl={c.avatarUrl}
                  avatarColor={c.avatarColor}
                  size="sm"
                />
                {/* The badge is read last ("Selene, 3 chats, AI character") but shown beside
                    the name: the grid places it there. */}
                <span className="grid min-w-0 grid-cols-[minmax(0,max-content)_1fr] items-center gap-x-1.5">
                  <span className="truncate text-sm font-semibold">{c.name}</span>
                  <span className="col-span-2 text-xs text-muted">
                    {chatCountLabel(c.conversationCount)}
                  </span>
                  <span className="col-start-2 row-start-1 flex">
                    <AiBadge />
                  </span>
                </span>
              </button>
              <CharacterMenu characterId={c.id} name={c.name} onDelete={() => onDelete(c)} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
