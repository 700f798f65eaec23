import { useQuery, type QueryKey } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api';

/**
 * Whether the signed-in user may use the console, as the server says with its first answer:
 * every /api/admin/* route answers 404 to anyone who is not staff and 403 TWO_FACTOR_REQUIRED to
 * staff without two-factor. There is no separate check: the section's own first read tells.
 */
export type StaffAccess = 'unknown' | 'ok' | 'not-found' | 'two-factor';

type Report = (seen: StaffAccess, message?: string) => void;
const AccessContext = createContext<Report>(() => {});

export function StaffAccessProvider({
  onAccess,
  children,
}: {
  onAccess: Report;
  children: ReactNode;
}) {
  return <AccessContext.Provider value={onAccess}>{children}</AccessContext.Provider>;
}

/** Where two-factor is set up (the 403's `setupUrl`: the Account page's section). */
export const TWO_FACTOR_SETUP_URL = '/account#two-factor';

/** The 403 a staff account without two-factor gets from every console route. */
export const needsTwoFactor = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'TWO_FACTOR_REQUIRED';

/** The page-wide state: set once by the first answer (a later 404 is about what was asked). */
export function useStaffAccessState() {
  const [access, setAccess] = useState<StaffAccess>('unknown');
  const [message, setMessage] = useState('');
  const report = useCallback<Report>((seen, said) => {
    setAccess((now) => (seen === 'two-factor' || now === 'unknown' ? seen : now));
    if (said) setMessage(said);
  }, []);
  return { access, message, report };
}

/** A console read: useQuery, with its answer reported to the console's access check. */
export function useStaffQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, enabled = true) {
  const query = useQuery({ queryKey: ['staff', ...queryKey], queryFn, enabled, retry: false });
  useReportAccess(query);
  return query;
}

/** Tells the console what a read's answer says about access (for reads not made by useStaffQuery). */
export function useReportAccess({ isSuccess, error }: { isSuccess: boolean; error: unknown }) {
  const report = useContext(AccessContext);
  useEffect(() => {
    if (isSuccess) report('ok');
    else if (needsTwoFactor(error)) report('two-factor', (error as ApiError).message);
    else if (error instanceof ApiError && error.status === 404) report('not-found');
  }, [isSuccess, error, report]);
}

/** The server's message for a failed read or write. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';
