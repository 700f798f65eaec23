import { Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { CharacterListItem } from '../../../shared/characters/contract';
import { buttonClass } from '../../components/ui/button';
import { CharacterList } from '../characters/components/CharacterList';
import { ScenePart } from './lazy-parts';
import { RecentChats } from './RecentChats';

/**
 * The chat page's sidebar: the characters, 'New group scene' (for two characters or more), then
 * the recent chats.
 */
export function ChatSidebar({
  characters,
  selectedId,
  activeConversationId,
  onSelect,
  onDelete,
  onDeletedActive,
  close,
}: {
  characters: { data: CharacterListItem[] | undefined; isError: boolean };
  selectedId: number | null;
  activeConversationId: number | null;
  onSelect: (id: number) => void;
  onDelete: (character: CharacterListItem) => void;
  onDeletedActive: (characterId: number | null) => void;
  /** Closes the sidebar (a phone's drawer) once a character or chat is opened. */
  close: () => void;
}) {
  const [newScene, setNewScene] = useState(false);
  return (
    <div className="space-y-6">
      <CharacterList
        characters={characters.data}
        selectedId={selectedId}
        onSelect={(id) => {
          onSelect(id);
          close();
        }}
        onDelete={onDelete}
      />
      {/* A group scene has two characters or more (issue 51); its dialog loads on the press. */}
      {characters.data && characters.data.length > 1 && (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setNewScene(true)}
          className={buttonClass('secondary', 'md', 'min-h-11 w-full')}
        >
          <Plus className="size-4" aria-hidden /> New group scene
        </button>
      )}
      {newScene && (
        <Suspense fallback={null}>
          <ScenePart part="new" onClose={() => setNewScene(false)} onOpened={close} />
        </Suspense>
      )}
      {/* Shown with the character list (or its failure), not before it: the list arriving
          later pushed Recent Chats down, a layout shift on every load (decision 0018). */}
      {(characters.data || characters.isError) && (
        <RecentChats
          activeId={activeConversationId}
          onOpen={close}
          onDeletedActive={onDeletedActive}
        />
      )}
    </div>
  );
}
