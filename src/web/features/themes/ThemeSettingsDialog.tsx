import { useState, type ReactNode } from 'react';
import { checkThemeContrast } from '../../../shared/themes/color';
import { DEFAULT_THEME, PRESET_THEMES } from '../../../shared/themes/presets';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { resolveThemeColors, useThemeState } from './api';
import { useDeleteTheme, useSaveTheme, useSelectTheme } from './theme-mutations';
import { CustomThemeCreator } from './CustomThemeCreator';
import { ThemeCard } from './ThemeCard';

/**
 * 'Change Theme': the ten presets and the user's saved themes as cards, a custom theme creator,
 * and Apply (with the contrast check: problems are a warning, the theme is applied anyway).
 */
export default function ThemeSettingsDialog({
  userId,
  onClose,
}: {
  userId: string;
  onClose: () => void;
}) {
  const state = useThemeState(userId);
  const select = useSelectTheme(userId);
  const save = useSaveTheme(userId);
  const remove = useDeleteTheme(userId);
  const current = state.data?.selectedThemeId ?? DEFAULT_THEME.id;
  const [chosen, setChosen] = useState<string | null>(null);
  const picked = chosen ?? current;
  const saved = state.data?.themes ?? [];

  const apply = async () => {
    const colors = resolveThemeColors(state.data, picked);
    try {
      await select.mutateAsync(picked === DEFAULT_THEME.id ? null : picked);
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to activate theme: ${(error as Error).message}`,
        variant: 'destructive',
      });
      return;
    }
    const check = checkThemeContrast(colors);
    if (check.valid) {
      toast({ title: 'Theme Applied', description: 'Your theme has been applied successfully!' });
    } else {
      toast({
        title: 'Color Contrast Warning',
        description: `${check.issues.join('. ')}. The theme is applied; some text may be hard to read.`,
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Theme Settings"
      description="Choose a palette for your chats, or create your own."
      size="wide"
    >
      <div className="space-y-6">
        <ThemeGroup id="preset-themes-title" title="Presets">
          {PRESET_THEMES.map((p) => (
            <ThemeCard
              key={p.id}
              name={p.name}
              colors={p.colors}
              selected={picked === p.id}
              onSelect={() => setChosen(p.id)}
            />
          ))}
        </ThemeGroup>
        {saved.length > 0 && (
          <ThemeGroup id="saved-themes-title" title="Your themes">
            {saved.map((t) => (
              <ThemeCard
                key={t.id}
                name={t.name}
                colors={t.colors}
                selected={picked === t.id}
                onSelect={() => setChosen(t.id)}
                onDelete={() =>
                  remove.mutate(t.id, {
                    onSuccess: () => {
                      if (picked === t.id) setChosen(DEFAULT_THEME.id);
                      toast({ title: 'Theme deleted', description: `${t.name} was removed.` });
                    },
                    onError: (error) =>
                      toast({
                        title: 'Error',
                        description: error.message,
                        variant: 'destructive',
                      }),
                  })
                }
              />
            ))}
          </ThemeGroup>
        )}
        <CustomThemeCreator
          initial={resolveThemeColors(state.data, picked)}
          saving={save.isPending}
          onSave={(name, colors) =>
            save.mutate(
              { name, colors },
              {
                onSuccess: (theme) => {
                  setChosen(theme.id);
                  toast({
                    title: 'Theme Saved',
                    description: `${theme.name} is selected: press Apply Theme to use it.`,
                  });
                },
                onError: (error) =>
                  toast({ title: 'Error', description: error.message, variant: 'destructive' }),
              },
            )
          }
        />
      </div>
      <div className="sticky -bottom-6 -mx-6 mt-6 flex justify-end gap-3 border-t border-border bg-surface px-6 py-4">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void apply()} disabled={select.isPending || state.isPending}>
          Apply Theme
        </Button>
      </div>
    </Dialog>
  );
}

/** A titled grid of theme cards, one choice among them (a radio group). */
function ThemeGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-semibold">
        {title}
      </h3>
      <div
        role="radiogroup"
        aria-labelledby={id}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5"
      >
        {children}
      </div>
    </section>
  );
}
