import { CreditCard, LogOut, Palette, ShieldCheck, Sparkles, UserRound } from 'lucide-react';
import type { MenuEntry } from '../../components/ui/menu';
import { toast } from '../../components/ui/toast';
import { signOut } from '../auth/session';

/** What the user menu's rows need from the menu (UserMenu.tsx). */
export interface UserMenuContext {
  credits: number | undefined;
  navigate: (to: string) => void;
  onOpenProfile: () => void;
  onOpenTheme: () => void;
}

const icon = (Icon: typeof LogOut, label: string) => (
  <>
    <Icon className="size-4" aria-hidden /> {label}
  </>
);

/** The user menu's rows: loaded when the menu is first reached, not with the page. */
export function userMenuEntries({
  credits,
  navigate,
  onOpenProfile,
  onOpenTheme,
}: UserMenuContext): MenuEntry[] {
  const logout = async () => {
    try {
      await signOut();
      navigate('/');
    } catch {
      toast({ title: 'Logout failed', description: 'Please try again.', variant: 'destructive' });
    }
  };
  return [
    {
      kind: 'label',
      testId: 'credits',
      content: (
        <>
          <span className="font-semibold">{credits ?? '…'}</span>{' '}
          <span className="text-muted">
            {credits === 1 ? 'message' : 'messages'} left this month
          </span>
        </>
      ),
    },
    { kind: 'item', content: icon(Sparkles, 'Get more messages'), href: '/pricing' },
    { kind: 'separator' },
    { kind: 'item', content: icon(UserRound, 'User Profile'), onSelect: onOpenProfile },
    { kind: 'item', content: icon(Palette, 'Change Theme'), onSelect: onOpenTheme },
    {
      kind: 'item',
      content: icon(CreditCard, 'Billing'),
      onSelect: () => navigate('/membership'),
    },
    {
      kind: 'item',
      content: icon(ShieldCheck, 'Account'),
      onSelect: () => navigate('/account'),
    },
    { kind: 'separator' },
    { kind: 'item', content: icon(LogOut, 'Logout'), onSelect: () => void logout() },
  ];
}
