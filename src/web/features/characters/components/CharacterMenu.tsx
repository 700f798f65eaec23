import { MoreVertical } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { lazyEntries, Menu } from '../../../components/ui/menu';

// Its rows load with the menu's Radix part, not with the chat page.
const rows = () => import('./character-menu-entries').then((m) => m.characterMenuEntries);

// The panel loads when it opens, not with the chat page (decision 0018).
const MemoriesDialog = lazy(() =>
  import('../../memories/MemoriesDialog').then((m) => ({ default: m.MemoriesDialog })),
);

/**
 * Character Settings, Edit Character, Memories, Delete Character — in the sidebar and the chat
 * header. Settings and Edit open the same page (one place to edit a character), Settings at its
 * chat settings.
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
  const [memories, setMemories] = useState(false);
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
        entries={lazyEntries(rows, {
          characterId,
          navigate,
          onMemories: () => setMemories(true),
          onDelete,
        })}
      />
      {memories && (
        <Suspense fallback={null}>
          <MemoriesDialog
            character={{ id: characterId, name }}
            onClose={() => setMemories(false)}
          />
        </Suspense>
      )}
    </>
  );
}
