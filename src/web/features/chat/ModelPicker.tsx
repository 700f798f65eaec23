import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Cpu } from 'lucide-react';
import type { ModelOffer } from '../../../shared/chat/contract';
import { toast } from '../../components/ui/toast';
import { costText } from '../../lib/cost-text';
import { conversationKey, setConversationModel } from '../chat-data/api';

/**
 * The model a conversation uses, among those the operator offers (`offers`: each named, with its
 * price when the prices differ): saved on the conversation at once, or, before it exists, kept
 * for its creation (`onPick`). Shown only when there is a choice, so the wording and the write
 * are in this chunk rather than in the chat's first load.
 */
export function ModelPicker({
  offers,
  value,
  conversationId,
  onPick,
  selectClass,
}: {
  offers: ModelOffer[];
  value: string;
  conversationId: number | null;
  onPick: (model: string) => void;
  /** The select's look, which its stand-in in ChatModelBar shares (the bar keeps its height). */
  selectClass: string;
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (v: { id: number; model: string }) => setConversationModel(v.id, v.model),
    onSuccess: (_data, v) => client.invalidateQueries({ queryKey: conversationKey(v.id) }),
  });
  const onChange = (model: string) => {
    if (conversationId === null) return onPick(model);
    save.mutate(
      { id: conversationId, model },
      {
        onError: () =>
          toast({
            title: "Couldn't update model",
            description: 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };
  const options = pickerOptions(offers);
  // In the bar ChatModelBar draws (its room is kept while this chunk loads).
  return (
    <>
      <Cpu className="size-3.5" aria-hidden />
      <label htmlFor="model-picker">Model</label>
      <select
        id="model-picker"
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.model} value={o.model}>
            {o.text}
          </option>
        ))}
      </select>
    </>
  );
}

/** Each offered model's name in the picker, with what a reply costs when the prices differ. */
function pickerOptions(offers: ModelOffer[]) {
  const samePrice = offers.every((o) => o.creditsPerReply === offers[0]?.creditsPerReply);
  return offers.map((o) => ({
    model: o.model,
    text: samePrice ? o.label : `${o.label} · ${costText(o.creditsPerReply)} a reply`,
  }));
}
