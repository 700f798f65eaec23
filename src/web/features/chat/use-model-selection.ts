import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import { useModelChoice } from '../chat-data/api';
import { useSetConversationModel } from './mutations';

/**
 * Staff only: the model a conversation uses. Before the conversation exists the choice is kept
 * here and sent with its creation; after, it is saved on the conversation.
 */
export function useModelSelection(
  activeId: number | null,
  conversationModel: string | null | undefined,
) {
  const choice = useModelChoice();
  const save = useSetConversationModel();
  const [picked, setPicked] = useState<string | null>(null);

  const change = async (model: string) => {
    if (activeId === null) return setPicked(model);
    try {
      await save.mutateAsync({ id: activeId, model });
    } catch {
      toast({
        title: "Couldn't update model",
        description: 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return {
    available: choice.data?.available ?? true,
    staff: choice.data?.staff ?? false,
    canChoose: choice.data?.canChoose ?? false,
    models: choice.data?.models ?? [],
    value: conversationModel ?? picked ?? choice.data?.defaultModel ?? '',
    picked,
    change,
    reset: () => setPicked(null),
  };
}
