import { MoreVertical } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { lazyEntries, Menu } from '../../../components/ui/menu';
import type { CharacterPanel } from './character-menu-entries';

// Its rows load with the menu's Radix part, not with the chat page.
const rows = () => import('./character-menu-entries').then((m) => m.characterMenuEntries);

// The panels open from the same chunk as the rows (loaded with the menu), each panel's own code
// on first use: nothing of them is in the chat page's first load (decision 0018).
const CharacterPanelView = lazy(() =>
  import('./character-menu-entries').then((m) => ({ default: m.CharacterPanelView })),
);

/**
 * Character Settings, Edit Character, Memories, Lorebook, Export, Delete Character — in the
 * sidebar and the chat header. Settings and Edit open the same page (one place to edit a
 * character), Settings at its chat settings.
 */
export function CharacterMenu({
  characterId,
  name,
  onDelete,
}: {
  characterId: number;
  name: string;
  onDelete: () => void;
}) {
  const [, navigate] = useLocation();
  const [panel, setPanel] = useState<CharacterPanel | null>(null);
  return (
    <>
      <Menu
        trigger={{
          className:
            'inline-flex items-center justify-center rounded-md p-1.5 text-muted hover:bg-hover-strong hover:text-fg max-sm:min-h-11 max-sm:min-w-11',
          'aria-label': `Options for ${name}`,
          children: <MoreVertical className="size-4" aria-hidden />,
        }}
        align="end"
        sideOffset={6}
        contentClassName="w-56"
        entries={lazyEntries(rows, { characterId, navigate, onPanel: setPanel, onDelete })}
      />
      {panel && (
        <Suspense fallback={null}>
          <CharacterPanelView
            panel={panel}
            character={{ id: characterId, name }}
            onClose={() => setPanel(null)}
          />
        </Suspense>
      )}
    </>
  );
}
