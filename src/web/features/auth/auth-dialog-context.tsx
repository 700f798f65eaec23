import type { AuthTab } from './auth-tabs';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

export type { AuthTab };

interface AuthDialogState {
  open: (tab?: AuthTab) => void;
  /** Loads the dialog code ahead of a likely click. */
  prefetch: () => void;
}

const AuthDialogContext = createContext<AuthDialogState | null>(null);
const loadDialog = () => import('./AuthDialog');
const AuthDialog = lazy(loadDialog);

/** Lets any page open the sign-in / sign-up dialog; the dialog's code loads on first use. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [tab, setTab] = useState<AuthTab | null>(null);
  const open = useCallback((next: AuthTab = 'signin') => setTab(next), []);
  const prefetch = useCallback(() => void loadDialog(), []);
  const value = useMemo(() => ({ open, prefetch }), [open, prefetch]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {tab && (
        <Suspense fallback={null}>
          <AuthDialog initialTab={tab} onClose={() => setTab(null)} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): AuthDialogState {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used within an AuthDialogProvider');
  return value;
}
