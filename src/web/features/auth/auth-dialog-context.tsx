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

/** What the dialog opens with: the sign-in form's address (after a password reset). */
export interface AuthDialogPrefill {
  email?: string;
  /**
   * Opens at the code step: a Google sign-in (or a change-of-address link) of an account with
   * two-factor on came back with the challenge cookie and no session (the server's /?twoFactor=1).
   */
  codeStep?: boolean;
}

interface AuthDialogState {
  open: (tab?: AuthTab, prefill?: AuthDialogPrefill) => void;
  /** Loads the dialog code ahead of a likely click. */
  prefetch: () => void;
}

const AuthDialogContext = createContext<AuthDialogState | null>(null);
const loadDialog = () => import('./AuthDialog');
const AuthDialog = lazy(loadDialog);

/** Lets any page open the sign-in / sign-up dialog; the dialog's code loads on first use. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<({ tab: AuthTab } & AuthDialogPrefill) | null>(null);
  const open = useCallback(
    (tab: AuthTab = 'signin', prefill: AuthDialogPrefill = {}) => setShown({ tab, ...prefill }),
    [],
  );
  const prefetch = useCallback(() => void loadDialog(), []);
  const value = useMemo(() => ({ open, prefetch }), [open, prefetch]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          {/* A new address to fill in starts the form again. */}
          <AuthDialog
            key={shown.email ?? ''}
            initialTab={shown.tab}
            email={shown.email}
            codeStep={shown.codeStep}
            onClose={() => setShown(null)}
          />
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
