import { useId, useState } from 'react';
import { contrastIssues, optimizedTextColors } from '../../../shared/themes/color';
import { THEME_LIMITS, type ThemeBaseColors } from '../../../shared/themes/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ColorField } from './ColorField';
import { ContrastNotice } from './ContrastNotice';
import { ThemePreview } from './ThemePreview';

const FIELDS: { key: keyof ThemeBaseColors; label: string }[] = [
  { key: 'main', label: 'Background' },
  { key: 'theme', label: 'Sidebar' },
  { key: 'chatBubbleUser', label: 'Your Messages' },
  { key: 'chatBubbleAI', label: 'AI Messages' },
];

/**
 * Four colour pickers, a live preview with the text colours the theme will really get, the
 * contrast check as the colours change (before saving), a light/dark label, and a name to save
 * it under. Saving applies it; with text left hard to read the button says so ('anyway').
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
  const noticeId = useId();
  const text = optimizedTextColors(colors.main, colors.theme);
  const issues = contrastIssues({ ...colors, ...text });
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
        <div className="grid grid-cols-2 content-start gap-3">
          {FIELDS.map(({ key, label }) => (
            <ColorField
              key={key}
              label={label}
              value={colors[key]}
              onChange={(value) => setColors((c) => ({ ...c, [key]: value }))}
            />
          ))}
        </div>
        <div className="space-y-2">
          <ThemePreview colors={{ ...colors, ...text }} large />
          <p className="text-xs text-muted">
            Text colours are picked for you. Each bubble gets dark or white text, whichever reads
            better on it. The page has one text colour for both Background and Sidebar: keep those
            both light or both dark.
          </p>
        </div>
      </div>
      <ContrastNotice id={noticeId} issues={issues} />
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
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
            className="h-11 w-full rounded-lg border border-border bg-main px-3 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          className="h-11"
          disabled={!name.trim()}
          pending={saving}
          aria-describedby={noticeId}
        >
          {saving ? 'Saving...' : issues.length > 0 ? 'Save and apply anyway' : 'Save and apply'}
        </Button>
      </form>
    </section>
  );
}
