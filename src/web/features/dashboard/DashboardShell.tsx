import { Menu, X } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Logo } from '../../components/brand/Logo';
import type { SessionUser } from '../auth/session';
import { useProfile } from '../profile/profile-api';
import { SiteNotices } from '../site/SiteNotices';
import { CreditsBadge } from './CreditsBadge';
import { UserMenu } from './UserMenu';

const ProfileDialog = lazy(() => import('../profile/ProfileDialog'));
const ThemeSettingsDialog = lazy(() => import('../themes/ThemeSettingsDialog'));

/**
 * The signed-in frame of /chat: a sidebar (a slide-over with a backdrop on small screens) with the
 * user menu, and the main area. Opens the profile dialog by itself until a profile exists.
 */
export function DashboardShell({
  user,
  sidebar,
  header,
  children,
}: {
  user: SessionUser;
  /** Sidebar content; `close` hides the slide-over on small screens after a choice. */
  sidebar?: (close: () => void) => ReactNode;
  /** The chat header (character, status, menu), when a character is open. */
  header?: ReactNode;
  children: ReactNode;
}) {
  const profile = useProfile(true);
  const [profileRequested, setProfileRequested] = useState(false);
  const [autoDismissed, setAutoDismissed] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 768px)');
  const asideRef = useRef<HTMLElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  // Without a profile the dialog opens by itself (once per visit); the menu opens it any time.
  const needsProfile = profile.isSuccess && profile.data === null;
  const profileOpen = profileRequested || (needsProfile && !autoDismissed);
  // Escape closes the slide-over sidebar, as it would a dialog.
  useEffect(() => {
    if (!sidebarOpen) return;
    // Not the Escape that closed a dialog over it (Radix marks that one as handled).
    const onKey = (event: KeyboardEvent) =>
      event.key === 'Escape' && !event.defaultPrevented && setSidebarOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);
  // Focus follows the slide-over as it would a dialog: into it when it opens, back to the button
  // that opened it when it closes with the focus inside (which would otherwise fall to the page,
  // the sidebar being inert once closed). A choice that closes it moves the focus itself.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opened = sidebarOpen && !wasOpen.current;
    const closed = !sidebarOpen && wasOpen.current;
    wasOpen.current = sidebarOpen;
    if (wide || !(opened || closed)) return;
    if (opened) {
      closeButtonRef.current?.focus();
      return;
    }
    const active = document.activeElement;
    if (active === document.body || asideRef.current?.contains(active)) {
      openButtonRef.current?.focus();
    }
  }, [sidebarOpen, wide]);
  const closeProfile = () => {
    setProfileRequested(false);
    setAutoDismissed(true);
  };

  const displayName = profile.data?.name || user.name || user.email.split('@')[0] || 'You';

  return (
    <div className="flex h-dvh overflow-hidden bg-main">
      {sidebarOpen && (
        <div
          className="fixed inset-0 z-30 bg-overlay md:hidden"
          aria-hidden
          onClick={() => setSidebarOpen(false)}
          data-testid="sidebar-backdrop"
        />
      )}
      <aside
        ref={asideRef}
        aria-label="Sidebar"
        // Off-screen on a phone: out of the tab order and the accessibility tree too.
        inert={!wide && !sidebarOpen}
        className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-border bg-surface transition-transform md:static md:translate-x-0 ${sidebarOpen ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="flex h-16 items-center justify-between px-4">
          <Logo href="/chat" />
          <button
            ref={closeButtonRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:text-fg md:hidden"
            onClick={() => setSidebarOpen(false)}
            aria-label="Close sidebar"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-2">
          {sidebar?.(() => setSidebarOpen(false))}
        </div>
        <div className="border-t border-border p-3">
          <CreditsBadge />
          <UserMenu
            user={user}
            displayName={displayName}
            onOpenProfile={() => setProfileRequested(true)}
            onOpenTheme={() => setThemeOpen(true)}
          />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <SiteNotices />
        <header
          className={`flex h-16 items-center gap-3 border-b border-border px-4 ${header ? '' : 'md:hidden'}`}
        >
          <button
            ref={openButtonRef}
            type="button"
            className="-ml-2 inline-flex size-11 items-center justify-center rounded-md text-muted hover:text-fg md:hidden"
            onClick={() => setSidebarOpen(true)}
            aria-label="Open sidebar"
            aria-expanded={sidebarOpen}
          >
            <Menu className="size-5" aria-hidden />
          </button>
          {header ?? <Logo href="/chat" />}
        </header>
        <main className="relative flex-1 overflow-y-auto">{children}</main>
      </div>
      {themeOpen && (
        <Suspense fallback={null}>
          <ThemeSettingsDialog userId={user.id} onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
      {profileOpen && profile.isSuccess && (
        <Suspense fallback={null}>
          <ProfileDialog profile={profile.data} suggestedName={user.name} onClose={closeProfile} />
        </Suspense>
      )}
    </div>
  );
}

function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
