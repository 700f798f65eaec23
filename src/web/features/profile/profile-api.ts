import { useQuery } from '@tanstack/react-query';
import type { UserProfile, UserProfileInput } from '../../../shared/profile';
import { api, ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const PROFILE_KEY = ['/api/user-profile'] as const;

/** The user's profile, or null when they have not set one up yet (the API answers 404). */
export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: PROFILE_KEY,
    enabled,
    queryFn: async () => {
      try {
        return await api<UserProfile>('/api/user-profile');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export async function saveProfile(input: UserProfileInput, exists: boolean) {
  const saved = await api<UserProfile>('/api/user-profile', exists ? 'PUT' : 'POST', input);
  queryClient.setQueryData(PROFILE_KEY, saved);
  return saved;
}
