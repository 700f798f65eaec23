import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMemoryRequest,
  MemoryListResponse,
  MemoryResponse,
  UpdateMemoryRequest,
} from '../../../shared/memories/contract';
import { MEMORY_LIMITS } from '../../../shared/memories/rules';
import { api } from '../../lib/api';

export const memoriesKey = (characterId: number) =>
  ['/api/characters', characterId, 'memories'] as const;

/** Every character's memories: deleting a conversation forgets or unlinks what came from it. */
export const refreshAllMemories = (client: QueryClient) =>
  client.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === '/api/characters' && queryKey[2] === 'memories',
  });

/** What a character remembers about the user (pinned first, then newest). */
export const useMemories = (characterId: number) =>
  useQuery({
    queryKey: memoriesKey(characterId),
    queryFn: () => api<MemoryListResponse>(`/api/characters/${characterId}/memories`),
  });

/** A fact typed by hand, or 'Remember this' on a message. */
export function useAddMemory(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMemoryRequest) =>
      api<MemoryResponse>(`/api/characters/${characterId}/memories`, 'POST', body),
    onSuccess: () => client.invalidateQueries({ queryKey: memoriesKey(characterId) }),
  });
}

export function useUpdateMemory(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: UpdateMemoryRequest & { id: number }) =>
      api<MemoryResponse>(`/api/memories/${id}`, 'PUT', changes),
    onSuccess: () => client.invalidateQueries({ queryKey: memoriesKey(characterId) }),
  });
}

export function useDeleteMemory(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/memories/${id}`, 'DELETE'),
    onSuccess: () => client.invalidateQueries({ queryKey: memoriesKey(characterId) }),
  });
}

/** A message's text as a memory: cut to the longest a memory may be. */
export function memoryTextOf(message: string) {
  const text = message.trim();
  const max = MEMORY_LIMITS.contentMaxLength;
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
