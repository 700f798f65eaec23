import { Cpu } from 'lucide-react';

/**
 * The model a conversation uses, among those the operator offers (`options`: each model and how
 * it is named, with its price when the prices differ; ChatModelBar words them). Shown only when
 * there is a choice.
 */
export function ModelPicker({
  options,
  value,
  onChange,
}: {
  options: { model: string; text: string }[];
  value: string;
  onChange: (model: string) => void;
}) {
  return (
    <div className="flex items-center justify-end gap-2 border-b border-border px-4 py-1.5 text-xs text-muted">
      <Cpu className="size-3.5" aria-hidden />
      <label htmlFor="model-picker">Model</label>
      <select
        id="model-picker"
        className="max-w-64 truncate rounded-md border border-border bg-surface px-2 py-1 text-fg max-sm:min-h-11"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.model} value={o.model}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}
