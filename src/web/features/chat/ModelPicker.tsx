import { Cpu } from 'lucide-react';

/**
 * The model a conversation uses. Hidden from users: only staff accounts (STAFF_EMAILS) get a
 * list from the server, and only then is this shown.
 */
export function ModelPicker({
  models,
  value,
  onChange,
}: {
  models: string[];
  value: string;
  onChange: (model: string) => void;
}) {
  return (
    <div className="flex items-center justify-end gap-2 border-b border-border px-4 py-1.5 text-xs text-muted">
      <Cpu className="size-3.5" aria-hidden />
      <label htmlFor="model-picker">Model</label>
      <select
        id="model-picker"
        className="max-w-56 truncate rounded-md border border-border bg-surface px-2 py-1 text-fg"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {models.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}
