import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/auth/contract';
import { getSession, logout } from '../../../shared/auth/session-endpoints';
import { call } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export type { SessionUser };

export const SESSION_KEY = [getSession.path] as const;

async function fetchSession(): Promise<SessionUser | null> {
  const data = await call(getSession);
  return data?.user ?? null;
}

const sessionQuery = queryOptions({ queryKey: SESSION_KEY, queryFn: fetchSession });

/** Starts the session check before anything renders (the first page load). */
export function prefetchSession() {
  void queryClient.prefetchQuery(sessionQuery);
}

/** Who is signed in (null for nobody, or when that cannot be told): the cached answer if any. */
export const signedInUser = () => queryClient.fetchQuery(sessionQuery).catch(() => null);

/** The signed-in user, `null` when signed out; `isLoading` while the first check runs. */
export function useSession() {
  const query = useQuery(sessionQuery);
  return { user: query.data ?? null, isLoading: query.isPending };
}

export async function refreshSession() {
  await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}

/**
 * Nobody is signed in here any more, as the server already knows (a sign-out, a password reset
 * that ended every session): no read to wait on, and everything cached belonged to the user who
 * left.
 */
export function forgetSession() {
  queryClient.setQueryData(SESSION_KEY, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
}

export async function signOut() {
  await call(logout);
  forgetSession();
}
