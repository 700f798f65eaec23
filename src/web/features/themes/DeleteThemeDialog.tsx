import { useState } from 'react';
import type { Theme } from '../../../shared/themes/contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import { defaultPreset } from './api';
import { forgetDeletedTheme } from './theme-change';
import { useDeleteTheme } from './theme-mutations';

/**
 * 'Delete {name}?' before a saved theme goes. Either way the focus then goes to `focusAfter()`
 * (the chosen theme's radio): the delete button pressed may be gone with its theme.
 */
export function DeleteThemeDialog({
  userId,
  theme,
  applied,
  onClose,
  onDeleted,
  focusAfter,
}: {
  userId: string;
  theme: Theme;
  /** The theme is the one in use: the chats go back to the default with it. */
  applied: boolean;
  onClose: () => void;
  onDeleted: () => void;
  focusAfter: () => HTMLElement | null;
}) {
  const remove = useDeleteTheme(userId);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await remove.mutateAsync(theme.id);
    } catch (error) {
      toastError(error);
      setBusy(false);
      return;
    }
    forgetDeletedTheme(userId, theme.id);
    toast({ title: 'Theme deleted', description: `${theme.name} was removed.` });
    onDeleted();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={`Delete ${theme.name}?`}
      description={
        applied
          ? `You are using it: your chats go back to ${defaultPreset().name}. This cannot be undone.`
          : 'It goes from your saved themes. This cannot be undone.'
      }
      onCloseAutoFocus={(event) => {
        const target = focusAfter();
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={() => void confirm()} pending={busy}>
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
