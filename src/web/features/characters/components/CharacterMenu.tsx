import { MoreVertical } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { lazyEntries, Menu } from '../../../components/ui/menu';
import type { CharacterPanel } from './character-menu-entries';

// Its rows load with the menu's Radix part, not with the chat page.
const rows = () => import('./character-menu-entries').then((m) => m.characterMenuEntries);

// Each panel loads when it opens, not with the chat page (decision 0018).
const PANELS = {
  memories: lazy(() =>
    import('../../memories/MemoriesDialog').then((m) => ({ default: m.MemoriesDialog })),
  ),
  lorebook: lazy(() =>
    import('../../lorebooks/LorebookDialog').then((m) => ({ default: m.LorebookDialog })),
  ),
  export: lazy(() =>
    import('../../character-cards/ExportCardDialog').then((m) => ({
      default: m.ExportCardDialog,
    })),
  ),
};

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
  const Panel = panel && PANELS[panel];
  return (
    <>
      <Menu
        trigger={{
          className: 'rounded-md p-1.5 text-muted hover:bg-hover-strong hover:text-fg',
          'aria-label': `Options for ${name}`,
          children: <MoreVertical className="size-4" aria-hidden />,
        }}
        align="end"
        sideOffset={6}
        contentClassName="w-56"
        entries={lazyEntries(rows, { characterId, navigate, onPanel: setPanel, onDelete })}
      />
      {Panel && (
        <Suspense fallback={null}>
          <Panel character={{ id: characterId, name }} onClose={() => setPanel(null)} />
        </Suspense>
      )}
    </>
  );
}
