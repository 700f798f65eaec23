import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, UserProfileInput } from '../../../shared/profile/contract';
import { api, ApiError } from '../../lib/api';
import { readUrls } from '../../../shared/first-reads';

export const PROFILE_KEY = ['/api/user-profile'] as const;

/** The user's profile, or null when they have not set one up yet (the API answers 404). */
export const profileQuery = queryOptions({
  queryKey: PROFILE_KEY,
  queryFn: async () => {
    try {
      return await api<ProfileResponse>(readUrls.profile);
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
      api<ProfileResponse>('/api/user-profile', v.exists ? 'PUT' : 'POST', v.input),
    onSuccess: (saved) => client.setQueryData(PROFILE_KEY, saved),
  });
}
