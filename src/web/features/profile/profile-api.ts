import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserProfileInput } from '../../../shared/profile/contract';
import * as profile from '../../../shared/profile/endpoints';
import { ApiError, call } from '../../lib/api';

export const PROFILE_KEY = [profile.getProfile.path] as const;

/** The user's profile, or null when they have not set one up yet (the API answers 404). */
export const profileQuery = queryOptions({
  queryKey: PROFILE_KEY,
  queryFn: async () => {
    try {
      return await call(profile.getProfile);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const useProfile = (enabled: boolean) => useQuery({ ...profileQuery, enabled });

/** Saves the profile (created the first time), and shows the saved one at once. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { input: UserProfileInput; exists: boolean }) =>
      v.exists
        ? call(profile.updateProfile, { body: v.input })
        : call(profile.createProfile, { body: v.input }),
    onSuccess: (saved) => client.setQueryData(PROFILE_KEY, saved),
  });
}
