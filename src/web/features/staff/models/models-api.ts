import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModelList, ModelOffering } from '../../../../shared/models/contract';
import { listModels, saveModels } from '../../../../shared/models/endpoints';
import { call } from '../../../lib/api';

export const modelsKey = [listModels.path] as const;

export const useModels = () => useQuery({ queryKey: modelsKey, queryFn: () => call(listModels) });

/** The whole list saved; the answer shown, and every query about the models read again. */
export function useSaveModels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (models: ModelOffering[]) => call(saveModels, { body: { models } }),
    onSuccess: (answer: ModelList) => {
      client.setQueryData(modelsKey, answer);
      return client.invalidateQueries({ queryKey: modelsKey });
    },
  });
}
