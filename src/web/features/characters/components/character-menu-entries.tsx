import { AlertTriangle, BookOpen, Brain, Download, Pencil, Settings2, Trash2 } from 'lucide-react';
import { lazy } from 'react';
import type { MenuEntry } from '../../../components/ui/menu';
import { CHAT_SETTINGS_ANCHOR, editPath } from '../edit-path';

/** The panels the menu opens over the page (CharacterMenu.tsx loads each on first use). */
export type CharacterPanel = 'memories' | 'lorebook' | 'export' | 'report';

// Each panel's code loads when it first opens.
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
  report: lazy(() =>
    import('../../reports/ReportDialog').then((m) => ({ default: m.ReportCharacterDialog })),
  ),
};

/** The panel the menu opened, over the page (CharacterMenu.tsx holds which, and its Suspense). */
export function CharacterPanelView({
  panel,
  ...props
}: {
  panel: CharacterPanel;
  character: { id: number; name: string };
  onClose: () => void;
}) {
  const Panel = PANELS[panel];
  return <Panel {...props} />;
}

/** What the character menu's rows need from the menu (CharacterMenu.tsx). */
export interface CharacterMenuContext {
  characterId: number;
  navigate: (to: string) => void;
  onPanel: (panel: CharacterPanel) => void;
  onDelete: () => void;
}

/** The character menu's rows: loaded when the menu is first reached, not with the page. */
export const characterMenuEntries = ({
  characterId,
  navigate,
  onPanel,
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
    onSelect: () => onPanel('memories'),
  },
  {
    kind: 'item',
    content: (
      <>
        <BookOpen className="size-4" aria-hidden /> Lorebook
      </>
    ),
    onSelect: () => onPanel('lorebook'),
  },
  {
    kind: 'item',
    content: (
      <>
        <Download className="size-4" aria-hidden /> Export
      </>
    ),
    onSelect: () => onPanel('export'),
  },
  {
    kind: 'item',
    content: (
      <>
        <AlertTriangle className="size-4" aria-hidden /> Report Character
      </>
    ),
    onSelect: () => onPanel('report'),
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
