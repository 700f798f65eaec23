import { FileJson, Loader2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { HiddenFileInput } from '../../components/ui/hidden-file-input';
import { toast } from '../../components/ui/toast';
import type { useImportLorebook } from './api';

/**
 * 'Import lorebook': a JSON file (SillyTavern's world info, a card's book) chosen and its entries
 * added to the book. Says how many came in; what the file had that could not be kept goes to
 * `onWarnings`, shown under the buttons by ImportWarnings.
 */
export function ImportLorebookButton({
  importing,
  disabled,
  entriesBefore,
  onWarnings,
  onFailed,
}: {
  importing: ReturnType<typeof useImportLorebook>;
  disabled: boolean;
  /** Entries in the book before the import: the toast counts those added. */
  entriesBefore: number;
  onWarnings: (warnings: string[]) => void;
  onFailed: (error: unknown) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const take = (file: File) => {
    if (disabled) return;
    importing.mutate(file, {
      onSuccess: (answer) => {
        const added = answer.lorebook.entries.length - entriesBefore;
        onWarnings(answer.warnings);
        toast({ title: `${added} ${added === 1 ? 'entry' : 'entries'} imported` });
      },
      onError: (error) => onFailed(error),
    });
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className="max-sm:h-11"
        disabled={disabled}
        aria-busy={importing.isPending || undefined}
        onClick={() => fileInput.current?.click()}
      >
        {importing.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <FileJson className="size-4" aria-hidden />
        )}
        Import lorebook
      </Button>
      <HiddenFileInput
        ref={fileInput}
        accept=".json,application/json"
        label="Lorebook file"
        onFile={take}
      />
    </>
  );
}

/** What the last import could not keep, said once under the buttons. */
export function ImportWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="status" className="mt-3 rounded-lg border border-warning/50 bg-warning/10 p-3">
      <p className="text-sm font-semibold">From the import:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {warnings.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
    </div>
  );
}
