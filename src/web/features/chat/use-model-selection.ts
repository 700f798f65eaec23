import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import { useModelChoice } from '../chat-data/api';
import { useSetConversationModel } from './mutations';

/**
 * The model a conversation uses, among those the operator offers (the staff console's Models
 * page; a choice only when more than one is offered), and what a reply on it costs. Before the
 * conversation exists the choice is kept here and sent with its creation; after, it is saved on
 * the conversation.
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

  const offers = choice.data?.offers ?? [];
  const value = conversationModel ?? picked ?? choice.data?.defaultModel ?? '';
  // A conversation's model no longer offered answers with the default, at its price.
  const priced =
    offers.find((o) => o.model === value) ??
    offers.find((o) => o.model === choice.data?.defaultModel);
  return {
    available: choice.data?.available ?? true,
    staff: choice.data?.staff ?? false,
    canChoose: choice.data?.canChoose ?? false,
    offers,
    value,
    /** Credits one reply costs in this conversation. */
    replyCredits: priced?.creditsPerReply ?? 1,
    picked,
    change,
    reset: () => setPicked(null),
  };
}
