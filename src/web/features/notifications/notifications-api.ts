import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '../../../shared/notifications/contract';
import * as notifications from '../../../shared/notifications/endpoints';
import { call } from '../../lib/api';
import { currentSubscription, subscribeThisBrowser, unsubscribeThisBrowser } from './push';

/** Whether this browser has a push subscription (read from the browser, not the server). */
export const PUSH_STATE_KEY = ['push', 'this-browser'] as const;
export const pushStateQuery = queryOptions({
  queryKey: PUSH_STATE_KEY,
  queryFn: async () => (await currentSubscription()) !== null,
  staleTime: Infinity,
});
export const usePushState = () => useQuery(pushStateQuery);

/** Turns notifications on (`asked`: the permission's answer, asked in the click's handler). */
export function useTurnOnPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisBrowser,
    onSettled: () => client.invalidateQueries({ queryKey: PUSH_STATE_KEY }),
  });
}

export function useTurnOffPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeThisBrowser,
    onSettled: () => client.invalidateQueries({ queryKey: PUSH_STATE_KEY }),
  });
}

const SETTINGS_KEY = [notifications.getNotificationSettings.path] as const;

export const useNotificationSettings = () =>
  useQuery({ queryKey: SETTINGS_KEY, queryFn: () => call(notifications.getNotificationSettings) });

/** Saves both settings; the switches show the saved answer. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      call(notifications.putNotificationSettings, { body }),
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
}
