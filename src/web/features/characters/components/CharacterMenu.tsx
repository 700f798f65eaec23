import { Brain, MoreVertical, Pencil, Settings2, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { Menu } from '../../../components/ui/menu';
import { CHAT_SETTINGS_ANCHOR, editPath } from '../edit-path';

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
        entries={[
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
            onSelect: () => setMemories(true),
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
        ]}
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
