import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCharacterInput } from '../../../shared/characters/contract';
import type { CreateCharacterInput } from '../../../shared/characters/schemas';
import {
  editConversationList,
  withoutCharacter,
  withoutConversations,
} from '../chat-data/conversation-list';
import { CHARACTERS_KEY, characterKey, readLastCharacterId, rememberCharacter } from './api';
import {
  createCharacter,
  deleteCharacter,
  generateAvatar,
  generateCharacter,
  updateCharacter,
  uploadAvatar,
} from './writes';

/** Every character write, each with what it changes in the cache. */

export function useCreateCharacter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCharacterInput) => createCharacter(input),
    onSuccess: () => client.invalidateQueries({ queryKey: CHARACTERS_KEY }),
  });
}

export function useUpdateCharacter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; input: UpdateCharacterInput }) => updateCharacter(v.id, v.input),
    onSuccess: async (updated, v) => {
      client.setQueryData(characterKey(v.id), updated);
      await client.invalidateQueries({ queryKey: CHARACTERS_KEY, exact: true });
    },
  });
}

export function useDeleteCharacter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; withConversations: boolean }) =>
      deleteCharacter(v.id, v.withConversations),
    onSuccess: async (_data, { id, withConversations }) => {
      client.removeQueries({ queryKey: characterKey(id) });
      // Its conversations leave the list, or stay as 'Character deleted'.
      await Promise.all([
        editConversationList(client, (data) =>
          withConversations
            ? withoutConversations(data, (c) => c.characterId === id)
            : withoutCharacter(data, id),
        ),
        client.invalidateQueries({ queryKey: CHARACTERS_KEY, exact: true }),
      ]);
      if (readLastCharacterId() === id) rememberCharacter(null);
    },
  });
}

/** Writes a whole character from a prompt; nothing is stored until the user saves it. */
export const useGenerateCharacter = () => useMutation({ mutationFn: generateCharacter });

export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar });

export const useGenerateAvatar = () => useMutation({ mutationFn: generateAvatar });
