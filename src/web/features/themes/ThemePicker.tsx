import type { ReactNode } from 'react';
import type { Theme } from '../../../shared/themes/contract';
import { PRESET_THEMES } from '../../../shared/themes/presets';
import { useRovingFocus } from '../../components/ui/roving-focus';
import { ThemeCard } from './ThemeCard';

/** Where the picker puts a radio's id, so the dialog can focus the theme it means. */
export const themeRadioId = (themeId: string) => `theme-radio-${themeId}`;

/**
 * The presets and the user's saved themes: one choice, so one radio group (WAI-ARIA) and one Tab
 * stop, on the chosen theme; the arrow keys, Home and End move through all of them and choose.
 * A saved theme's delete button is a Tab stop of its own.
 */
export function ThemePicker({
  saved,
  picked,
  onPick,
  onDelete,
}: {
  saved: Theme[];
  picked: string;
  onPick: (id: string) => void;
  onDelete: (theme: Theme) => void;
}) {
  const all = [...PRESET_THEMES, ...saved];
  const chosen = all.findIndex((t) => t.id === picked);
  const radio = useRovingFocus(all.length, {
    tabStop: chosen >= 0 ? chosen : 0,
    onMove: (index) => onPick(all[index]!.id),
  });
  const card = (theme: (typeof all)[number], index: number, remove?: () => void) => (
    <ThemeCard
      key={theme.id}
      id={themeRadioId(theme.id)}
      name={theme.name}
      colors={theme.colors}
      selected={theme.id === picked}
      radio={radio(index)}
      onSelect={() => onPick(theme.id)}
      {...(remove ? { onDelete: remove } : {})}
    />
  );
  return (
    <div role="radiogroup" aria-label="Themes" className="space-y-6">
      <CardGrid id="preset-themes-title" title="Presets">
        {PRESET_THEMES.map((p, i) => card(p, i))}
      </CardGrid>
      {saved.length > 0 && (
        <CardGrid id="saved-themes-title" title="Your themes">
          {saved.map((t, i) => card(t, PRESET_THEMES.length + i, () => onDelete(t)))}
        </CardGrid>
      )}
    </div>
  );
}

function CardGrid({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-semibold">
        {title}
      </h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5">{children}</div>
    </section>
  );
}
