import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Theme } from '../../../shared/themes/contract';
import type { ThemeBaseColors } from '../../../shared/themes/schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toastError } from '../../components/ui/toast';
// Through the applier's module, whose chunk every app page has already (see there).
import { defaultPreset, resolveThemeColors, useThemeState } from './UserThemeApplier';
import { CustomThemeCreator } from './CustomThemeCreator';
import { DeleteThemeDialog } from './DeleteThemeDialog';
import {
  applyTheme,
  themeName,
  undoThemeChange,
  useApplyingTheme,
  usePreviousTheme,
} from './theme-change';
import { useSaveTheme } from './theme-mutations';
import { themeRadioId, ThemePicker } from './ThemePicker';
import { ThemeUndoBar } from './ThemeUndoBar';

/**
 * 'Change Theme': the ten presets and the user's saved themes (one radio group), Apply Theme, a
 * custom theme creator whose Save applies the theme at once, and Undo after a change. Closing
 * puts the focus back on what opened the dialog.
 */
export default function ThemeSettingsDialog({
  userId,
  onClose,
}: {
  userId: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const state = useThemeState(userId);
  const save = useSaveTheme(userId);
  const applying = useApplyingTheme(userId);
  const previous = usePreviousTheme(userId);
  const current = state.data?.selectedThemeId ?? defaultPreset().id;
  const [chosen, setChosen] = useState<string | null>(null);
  const picked = chosen ?? current;
  const [deleting, setDeleting] = useState<Theme | null>(null);
  // Read before Radix moves the focus into the dialog: where it goes back to on closing.
  const [opener] = useState(() => focusedElement());
  const content = useRef<HTMLDivElement>(null);
  const tabStop = () =>
    content.current?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]') ?? null;
  // Asked for when the focused button goes away: the focus goes to the chosen theme, once shown.
  const [focusRequests, requestFocusOnPicked] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) tabStop()?.focus();
  }, [focusRequests]);

  const apply = (id: string, title?: string) =>
    applyTheme(client, userId, id === defaultPreset().id ? null : id, title);
  const saveAndApply = (name: string, colors: ThemeBaseColors) =>
    save.mutate(
      { name, colors },
      {
        onSuccess: async (theme) => {
          setChosen(theme.id);
          if (await apply(theme.id, 'Theme Saved')) onClose();
        },
        onError: (error) => toastError(error),
      },
    );
  const undo = async () => {
    await undoThemeChange(client, userId);
    setChosen(null);
    requestFocusOnPicked((n) => n + 1); // the bar with the pressed button has gone
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Theme Settings"
      description="Choose a palette for your chats, or create your own."
      size="wide"
      onCloseAutoFocus={(event) => {
        if (!opener?.isConnected) return;
        event.preventDefault();
        opener.focus();
      }}
    >
      {/* What gets the focus is scrolled clear of the sticky Cancel/Apply bar below. */}
      <div ref={content} className="[&_:is(button,input)]:scroll-mb-24">
        {previous !== undefined && (
          <ThemeUndoBar
            current={themeName(state.data, current)}
            previous={themeName(state.data, previous)}
            busy={applying}
            onUndo={() => void undo()}
          />
        )}
        <ThemePicker
          saved={state.data?.themes ?? []}
          picked={picked}
          onPick={setChosen}
          onDelete={setDeleting}
        />
        <div className="mt-6">
          <CustomThemeCreator
            initial={resolveThemeColors(state.data, picked)}
            saving={save.isPending || applying}
            onSave={saveAndApply}
          />
        </div>
      </div>
      <div className="sticky -bottom-6 -mx-6 mt-6 flex justify-end gap-3 border-t border-border bg-surface px-6 py-4">
        <Button variant="secondary" className="min-h-11" onClick={onClose}>
          Cancel
        </Button>
        <Button
          className="min-h-11"
          onClick={() => void apply(picked).then((done) => done && onClose())}
          disabled={state.isPending}
          pending={applying}
        >
          Apply Theme
        </Button>
      </div>
      {deleting && (
        <DeleteThemeDialog
          userId={userId}
          theme={deleting}
          applied={deleting.id === current}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            if (picked === deleting.id) setChosen(null);
            setDeleting(null);
          }}
          focusAfter={() =>
            document.getElementById(`${themeRadioId(deleting.id)}-delete`) ?? tabStop()
          }
        />
      )}
    </Dialog>
  );
}

/** The element with the focus, unless it is the page itself. */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
