import { useId, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/form';

/** The description an avatar is generated from; Escape in it cancels, as its Cancel button. */
export function AvatarPrompt({
  boxRef,
  value,
  onChange,
  busy,
  disabled,
  onCancel,
  onGenerate,
}: {
  boxRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  /** Generating now. */
  busy: boolean;
  /** Anything of the avatar's under way. */
  disabled: boolean;
  onCancel: () => void;
  onGenerate: () => void;
}) {
  const id = useId();
  return (
    <div className="space-y-2 rounded-lg border border-border bg-main p-3">
      <label htmlFor={id} className="text-sm font-medium">
        Describe the avatar
      </label>
      <Textarea
        ref={boxRef}
        id={id}
        rows={2}
        className="min-h-16"
        value={value}
        placeholder="e.g. silver hair, green eyes, leather jacket, neon city at night"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          // Only the panel closes, not a dialog around the form.
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" disabled={disabled || !value.trim()} onClick={onGenerate}>
          {busy ? 'Generating...' : 'Generate'}
        </Button>
      </div>
    </div>
  );
}
