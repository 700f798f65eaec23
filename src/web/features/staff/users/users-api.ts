import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listSafetyHolds, reviewSafetyHold } from '../../../../shared/safety/admin-endpoints';
import * as staff from '../../../../shared/staff/endpoints';
import { call } from '../../../lib/api';
import { useStaffQuery } from '../console/access';

export const userKey = (userId: string) => ['staff', 'user', userId] as const;

export const useUserSearch = (query: string) =>
  useStaffQuery(['users', query], () => call(staff.searchUsers, { query: { query } }));

export const useUserPage = (userId: string) =>
  useStaffQuery(['user', userId], () => call(staff.getUserPage, { params: { userId } }));

/** The open adults-only pauses: whether this user has one to lift. */
export const useOpenHolds = () =>
  useStaffQuery(['safety-holds', 'open'], () =>
    call(listSafetyHolds, { query: { status: 'open' } }),
  );

/** A write about one user: afterwards their page (and the lists that name them) read again. */
function useUserWrite<V, R>(userId: string, write: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKey(userId) }),
        client.invalidateQueries({ queryKey: ['staff', 'users'] }),
        client.invalidateQueries({ queryKey: ['staff', 'safety-holds'] }),
        client.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]),
  });
}

export const useGrantCredits = (userId: string) =>
  useUserWrite(userId, (body: { amount: number; reason: string }) =>
    call(staff.grantUserCredits, { params: { userId }, body }),
  );

export const useRevokeSessions = (userId: string) =>
  useUserWrite(userId, (body: { reason: string }) =>
    call(staff.revokeUserSessions, { params: { userId }, body }),
  );

export const useSuspension = (userId: string) =>
  useUserWrite(userId, (body: { suspended: boolean; reason: string }) =>
    call(staff.setUserSuspension, { params: { userId }, body }),
  );

export const useLiftPause = (userId: string) =>
  useUserWrite(userId, ({ reason }: { reason: string }) =>
    call(reviewSafetyHold, { params: { userId }, body: { outcome: 'released', note: reason } }),
  );

/** Deletes the account and all its data (admins); afterwards the lists no longer name it. */
export function useDeleteUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      call(staff.deleteUserAccount, { params: { userId }, body: { reason } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: userKey(userId) });
      return Promise.all([
        client.invalidateQueries({ queryKey: ['staff', 'users'] }),
        client.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]);
    },
  });
}
