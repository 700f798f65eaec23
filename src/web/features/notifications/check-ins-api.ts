import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInSettings } from '../../../shared/check-ins/contract';
import * as checkIns from '../../../shared/check-ins/endpoints';
import { call } from '../../lib/api';

/** A character's check-ins (issue 52 part 3): when it writes first. */
const checkInsKey = (characterId: number) => [checkIns.getCheckIns.path, characterId] as const;

export const useCheckIns = (characterId: number) =>
  useQuery({
    queryKey: checkInsKey(characterId),
    queryFn: () => call(checkIns.getCheckIns, { params: { id: characterId } }),
  });

/** Saves them; the answer (with the next check-in's time) replaces what was read. */
export function useSaveCheckIns(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInSettings) =>
      call(checkIns.putCheckIns, { params: { id: characterId }, body }),
    onSuccess: (saved) => client.setQueryData(checkInsKey(characterId), saved),
  });
}
