import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Persona } from '../../../shared/personas/contract';
import { listPersonas } from '../../../shared/personas/endpoints';
import { call } from '../../lib/api';

/**
 * Who the user can be in a conversation (issue 47 part 5): the profile first (`id: null`, edited
 * on the profile dialog), then the personas they added, oldest first.
 */

export const PERSONAS_KEY = [listPersonas.path] as const;

export const personasQuery = queryOptions({
  queryKey: PERSONAS_KEY,
  queryFn: async () => (await call(listPersonas)).personas,
});

export const usePersonas = () => useQuery(personasQuery);

/** Whether there is anyone to choose besides the profile (else no choice is offered). */
export const hasChoice = (list: Persona[] | undefined): list is Persona[] =>
  (list?.length ?? 0) > 1;
