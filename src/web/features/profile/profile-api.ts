import { queryOptions, useQuery } from '@tanstack/react-query';
import * as profile from '../../../shared/profile/endpoints';
import { EMPTY_OK } from '../../../shared/http/empty-ok';
import { call } from '../../lib/api';

export const PROFILE_KEY = [profile.getProfile.path] as const;

/**
 * The user's profile, or null when they have not set one up yet: asked with `?empty=ok`, so a new
 * user's missing profile is a 200, not a failed request in the console (http/empty-ok.ts). The
 * same address as the chat page's preload (shared/first-reads.ts).
 */
export const profileQuery = queryOptions({
  queryKey: PROFILE_KEY,
  queryFn: () => call(profile.getProfile, { query: EMPTY_OK }),
});

export const useProfile = (enabled: boolean) => useQuery({ ...profileQuery, enabled });
