import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfileInput } from '../../../shared/profile/contract';
import * as profile from '../../../shared/profile/write-endpoints';
import { call } from '../../lib/api';
import { PROFILE_KEY } from './profile-api';

// Apart from the profile's read (profile-api.ts), which every chat page makes: this loads with
// the profile dialog.

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
