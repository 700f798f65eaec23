import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationDetail } from '../../../shared/chat/contract';
import type { Persona, PersonaRequest } from '../../../shared/personas/contract';
import * as personas from '../../../shared/personas/endpoints';
import { call } from '../../lib/api';
import { CONVERSATIONS_KEY } from '../chat-data/api';
// Through the chat's persona chunk, so that what both read stays in it (see chat-parts.ts).
import { PERSONAS_KEY } from './chat-parts';

/**
 * The persona writes (the Personas panel's), each with what it changes in the cache; the list
 * they change is read by `usePersonas` (personas-query.ts).
 */

/** A persona added at the end of the list, as the server orders it. */
export function useCreatePersona() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonaRequest) => call(personas.createPersona, { body }),
    onSuccess: (added) =>
      client.setQueryData<Persona[]>(PERSONAS_KEY, (list) => (list ? [...list, added] : list)),
  });
}

export function useUpdatePersona() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PersonaRequest & { id: number }) =>
      call(personas.updatePersona, { params: { id }, body }),
    onSuccess: (saved) =>
      client.setQueryData<Persona[]>(PERSONAS_KEY, (list) =>
        list?.map((p) => (p.id === saved.id ? saved : p)),
      ),
  });
}

/** A persona deleted: the conversations that used it go on as the profile (as the server does). */
export function useDeletePersona() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(personas.deletePersona, { params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueryData<Persona[]>(PERSONAS_KEY, (list) => list?.filter((p) => p.id !== id));
      asProfileWhereUsed(client, id);
    },
  });
}

/** The cached conversations (their details) that used persona `id`, now as the profile. */
function asProfileWhereUsed(client: QueryClient, id: number) {
  for (const [key, detail] of client.getQueriesData<ConversationDetail>({
    queryKey: CONVERSATIONS_KEY,
  })) {
    // A detail's key is [path, id]; the lists, searches and messages sit beside it.
    if (key.length !== 2 || typeof key[1] !== 'number' || detail?.personaId !== id) continue;
    client.setQueryData<ConversationDetail>(key, { ...detail, personaId: null });
  }
}
