import { DropdownMenu } from 'radix-ui';
import { ChevronsUpDown, CreditCard, LogOut, Palette, Sparkles, UserRound } from 'lucide-react';
import { useLocation } from 'wouter';
import { maskEmail } from '../../../shared/mask-email';
import { toast } from '../../components/ui/toast';
import type { SessionUser } from '../auth/session';
import { signOut } from '../auth/session';
import { useCredits } from '../chat/api';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-hover-strong';

/** Name, masked e-mail and the account actions, at the foot of the sidebar. */
export function UserMenu({
  user,
  displayName,
  onOpenProfile,
  onOpenTheme,
}: {
  user: SessionUser;
  displayName: string;
  onOpenProfile: () => void;
  onOpenTheme: () => void;
}) {
  const [, navigate] = useLocation();
  const credits = useCredits();
  const logout = async () => {
    try {
      await signOut();
      navigate('/');
    } catch {
      toast({ title: 'Logout failed', description: 'Please try again.', variant: 'destructive' });
    }
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-hover"
        data-testid="user-menu-trigger"
      >
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-strong font-bold text-on-accent"
        >
          {displayName.charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">{displayName}</span>
          <span className="block truncate text-xs text-muted">{maskEmail(user.email)}</span>
        </span>
        <ChevronsUpDown className="size-4 text-muted" aria-hidden />
        <span className="sr-only">Open user menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 w-64 rounded-lg border border-border bg-surface p-1 text-fg shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm" data-testid="credits">
            <span className="font-semibold">{credits.data ?? '…'}</span>{' '}
            <span className="text-muted">
              {credits.data === 1 ? 'message' : 'messages'} left this month
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Item className={ITEM} asChild>
            <a href="/pricing" target="_blank" rel="noopener noreferrer">
              <Sparkles className="size-4" aria-hidden /> Get more messages
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={ITEM} onSelect={onOpenProfile}>
            <UserRound className="size-4" aria-hidden /> User Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={onOpenTheme}>
            <Palette className="size-4" aria-hidden /> Change Theme
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => navigate('/membership')}>
            <CreditCard className="size-4" aria-hidden /> Billing
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={ITEM} onSelect={logout}>
            <LogOut className="size-4" aria-hidden /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
