import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { UserPage } from '../../../../shared/staff/contract';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../auth/session';
import { ReasonDialog } from './ReasonDialog';
import { useDeleteUser } from './users-api';

/** An admin deletes the account and all its data, with a reason; then back to the search. */
export function DeleteUser({ user }: { user: UserPage }) {
  const { user: staff } = useSession();
  const remove = useDeleteUser(user.id);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [, navigate] = useLocation();
  if (staff?.role !== 'admin') return null;
  return (
    <>
      <Button
        variant="destructive"
        onClick={(event) => {
          opener.current = event.currentTarget;
          remove.reset();
          setOpen(true);
        }}
      >
        Delete account
      </Button>
      {open && (
        <ReasonDialog
          title="Delete account"
          description={`${user.email}: the account and everything in it are deleted for good.`}
          confirmLabel="Delete for good"
          variant="destructive"
          run={({ reason }) =>
            remove.mutateAsync({ reason }).then(() => {
              toast({ title: 'Account deleted' });
              navigate('/admin/users');
            })
          }
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setOpen(false)}
          opener={opener}
        />
      )}
    </>
  );
}
