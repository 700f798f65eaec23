import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form';
import { toastAfterReload } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useDeleteAccount } from './account-api';

/**
 * The last step: the password (or, for an account that signs in only with Google, its address
 * typed again). On success the browser goes to the landing page, signed out.
 */
export default function DeleteAccountDialog({
  email,
  hasPassword,
  onClose,
}: {
  email: string;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteAccount();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = remove.isPending;
  const confirm = async () => {
    if (!value.trim() || busy) return;
    setError(null);
    try {
      await remove.mutateAsync(hasPassword ? { password: value } : { email: value });
      toastAfterReload({
        title: 'Account deleted',
        description: 'Everything you had here is gone. Thank you for the time you spent with us.',
      });
      // A full load: nothing of the account may stay in this page's memory.
      window.location.assign('/');
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : 'Please try again.');
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Delete your account?"
      description="Everything listed on the page is deleted at once and cannot be brought back. Download your data first if you want to keep it."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        {hasPassword ? (
          <TextField
            id="delete-account-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={value}
            error={error ?? undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <TextField
            id="delete-account-email"
            label={`Type ${email} to confirm`}
            type="email"
            autoComplete="off"
            autoFocus
            value={value}
            error={error ?? undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!value.trim()} pending={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
