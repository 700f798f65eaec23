import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMemoryRequest, UpdateMemoryRequest } from '../../../shared/memories/contract';
import * as memories from '../../../shared/memories/endpoints';
import { call } from '../../lib/api';
import { memoriesKey } from './memory-keys';

/**
 * What a character remembers about the user (pinned first, then newest). Read again each time the
 * panel opens: which memories fit the next reply (`inPrompt`) changes as the chat goes on.
 */
export const useMemories = (characterId: number) =>
  useQuery({
    queryKey: memoriesKey(characterId),
    queryFn: () => call(memories.listMemories, { params: { id: characterId } }),
    staleTime: 0,
  });

/** A fact typed by hand, or 'Remember this' on a message. */
export function useAddMemory(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMemoryRequest) =>
      call(memories.addMemory, { params: { id: characterId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: memoriesKey(characterId) }),
  });
}

export function useUpdateMemory(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: UpdateMemoryRequest & { id: number }) =>
      call(memories.updateMemory, { params: { id }, body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: memoriesKey(characterId) }),
  });
}

export function useDeleteMemory(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(memories.deleteMemory, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: memoriesKey(characterId) }),
  });
}
