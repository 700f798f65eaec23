import { useId, useState } from 'react';
import { HEX_COLOR, normalizeHex, optimizedTextColors } from '../../../shared/themes/color';
import { THEME_LIMITS, type ThemeBaseColors } from '../../../shared/themes/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ThemePreview } from './ThemePreview';

const FIELDS: { key: keyof ThemeBaseColors; label: string }[] = [
  { key: 'main', label: 'Background' },
  { key: 'theme', label: 'Sidebar' },
  { key: 'chatBubbleUser', label: 'Your Messages' },
  { key: 'chatBubbleAI', label: 'AI Messages' },
];

/**
 * Four colour pickers, a live preview with the text colours the theme will get, a light/dark
 * label, and a name to save it under.
 */
export function CustomThemeCreator({
  initial,
  saving,
  onSave,
}: {
  initial: ThemeBaseColors;
  saving: boolean;
  onSave: (name: string, colors: ThemeBaseColors) => void;
}) {
  const [colors, setColors] = useState(initial);
  const [name, setName] = useState('');
  const nameId = useId();
  const text = optimizedTextColors(colors.main, colors.theme);
  const light = text.textPrimary !== '#ffffff';
  const save = () => {
    if (!name.trim()) {
      toast({
        title: 'Theme Name Required',
        description: 'Please enter a name for your custom theme.',
        variant: 'destructive',
      });
      return;
    }
    onSave(name.trim(), colors);
  };
  return (
    <section aria-labelledby="custom-theme-title" className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id="custom-theme-title" className="font-semibold">
          Create your own
        </h3>
        <span
          className="rounded-full border border-border px-2.5 py-0.5 text-xs text-muted"
          data-testid="theme-kind"
        >
          {light ? 'Light theme' : 'Dark theme'}
        </span>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid grid-cols-2 gap-3">
          {FIELDS.map(({ key, label }) => (
            <ColorField
              key={key}
              label={label}
              value={colors[key]}
              onChange={(value) => setColors((c) => ({ ...c, [key]: value }))}
            />
          ))}
        </div>
        <div>
          <ThemePreview colors={{ ...colors, ...text }} large />
          <p className="mt-2 text-xs text-muted">
            Text colours are chosen for you so they stay readable on these backgrounds.
          </p>
        </div>
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="flex-1">
          <label htmlFor={nameId} className="mb-1 block text-sm font-medium">
            Theme name
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={THEME_LIMITS.nameMaxLength}
            onChange={(e) => setName(e.target.value)}
            placeholder="My theme"
            className="w-full rounded-lg border border-border bg-main px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!name.trim() || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </section>
  );
}

/** A native colour picker with the hex value beside it, typed or picked. */
function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-10 shrink-0 cursor-pointer rounded-md border border-border bg-main p-0.5"
        />
        <input
          aria-label={`${label} hex value`}
          value={draft}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => {
            setDraft(e.target.value);
            if (HEX_COLOR.test(e.target.value)) onChange(normalizeHex(e.target.value));
          }}
          className="w-full min-w-0 rounded-md border border-border bg-main px-2 py-1.5 font-mono text-xs text-fg focus:border-accent focus:outline-none"
        />
      </div>
    </div>
  );
}
