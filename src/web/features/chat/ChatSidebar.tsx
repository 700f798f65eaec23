import type { CharacterListItem } from '../../../shared/characters/contract';
import { CharacterList } from '../characters/components/CharacterList';
import { RecentChats } from './RecentChats';

/** The chat page's sidebar: the characters, then the recent chats. */
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
