import { Download } from 'lucide-react';
import { exportCharacterCard } from '../../../shared/character-cards/endpoints';
import type { CardFormat } from '../../../shared/character-cards/contract';
import { Dialog } from '../../components/ui/dialog';
import { urlOf } from '../../lib/api';

const CHOICES: { format: CardFormat; label: string; hint: string }[] = [
  {
    format: 'png',
    label: 'PNG card (SillyTavern, Chub…)',
    hint: 'The picture with the character inside: what most apps import.',
  },
  { format: 'json', label: 'JSON (Character Card V3)', hint: 'The character as text.' },
  {
    format: 'charx',
    label: 'CHARX (with picture)',
    hint: 'A V3 card and its picture in one file.',
  },
];

/**
 * 'Export': the character as a card file. Each choice is a plain link: the server names the file
 * and the browser downloads it, with nothing to fetch here.
 */
export function ExportCardDialog({
  character,
  onClose,
}: {
  character: { id: number; name: string };
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Export ${character.name}`}
      description="A character card to keep, share or open in another app, lorebook included."
    >
      <ul className="space-y-2">
        {CHOICES.map(({ format, label, hint }) => (
          <li key={format}>
            <a
              href={urlOf(exportCharacterCard, { id: character.id }, { format })}
              download
              className="flex min-h-11 items-center gap-3 rounded-xl border border-border px-3 py-2 hover:bg-hover-strong focus-visible:outline-2 focus-visible:outline-accent"
            >
              <Download className="size-4 shrink-0 text-muted" aria-hidden />
              <span className="min-w-0">
                <span className="block text-sm font-semibold">{label}</span>
                <span className="block text-xs text-muted">{hint}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
