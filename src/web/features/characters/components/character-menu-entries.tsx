import { Brain, Pencil, Settings2, Trash2 } from 'lucide-react';
import type { MenuEntry } from '../../../components/ui/menu';
import { CHAT_SETTINGS_ANCHOR, editPath } from '../edit-path';

/** What the character menu's rows need from the menu (CharacterMenu.tsx). */
export interface CharacterMenuContext {
  characterId: number;
  navigate: (to: string) => void;
  onMemories: () => void;
  onDelete: () => void;
}

/** The character menu's rows: loaded when the menu is first reached, not with the page. */
export const characterMenuEntries = ({
  characterId,
  navigate,
  onMemories,
  onDelete,
}: CharacterMenuContext): MenuEntry[] => [
  {
    kind: 'item',
    content: (
      <>
        <Settings2 className="size-4" aria-hidden /> Character Settings
      </>
    ),
    onSelect: () => navigate(editPath(characterId, CHAT_SETTINGS_ANCHOR)),
  },
  {
    kind: 'item',
    content: (
      <>
        <Pencil className="size-4" aria-hidden /> Edit Character
      </>
    ),
    onSelect: () => navigate(editPath(characterId)),
  },
  {
    kind: 'item',
    content: (
      <>
        <Brain className="size-4" aria-hidden /> Memories
      </>
    ),
    onSelect: onMemories,
  },
  { kind: 'separator' },
  {
    kind: 'item',
    content: (
      <>
        <Trash2 className="size-4" aria-hidden /> Delete Character
      </>
    ),
    onSelect: onDelete,
    danger: true,
  },
];
