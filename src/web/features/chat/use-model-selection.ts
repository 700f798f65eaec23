import { useState } from 'react';
import { useModelChoice } from '../chat-data/api';

/**
 * The model a conversation uses, among those the operator offers (the staff console's Models
 * page; a choice only when more than one is offered), and what a reply on it costs. Before the
 * conversation exists the choice is kept here (`pick`) and sent with its creation; after, the
 * picker saves it on the conversation (ModelPicker.tsx, a chunk only a choice loads).
 */
export function useModelSelection(
  activeId: number | null,
  conversationModel: string | null | undefined,
) {
  const choice = useModelChoice();
  const [picked, setPicked] = useState<string | null>(null);

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
    /** The conversation the picker saves a choice on; null: not created yet (`pick`). */
    activeId,
    pick: setPicked,
    reset: () => setPicked(null),
  };
}
