import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Volume2, VolumeX } from 'lucide-react';
import { updateConversation } from '../../../shared/chat/endpoints';
import { toast } from '../../components/ui/toast';
import { ApiError, call } from '../../lib/api';
import { conversationKey, useConversation } from '../chat-data/api';

/** The switch's write: the conversation's detail in the cache shows the new state. */
function useAutoPlayReplies(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (autoPlayReplies: boolean) =>
      call(updateConversation, { params: { id }, body: { autoPlayReplies } }),
    onSuccess: (detail) => client.setQueryData(conversationKey(detail.id), detail),
  });
}

/**
 * 'Auto-play replies' in the chat's header (issue 50): with it on, each reply that finishes in
 * this page is read aloud. Kept per conversation on the server. While the change is being saved
 * the switch already shows it, and keeps the focus (aria-disabled, not disabled).
 */
export function AutoPlaySwitch({ conversationId }: { conversationId: number }) {
  const conversation = useConversation(conversationId);
  const change = useAutoPlayReplies(conversationId);
  if (!conversation.data) return null;
  const on = change.isPending ? change.variables : conversation.data.autoPlayReplies;
  const Icon = on ? Volume2 : VolumeX;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label="Auto-play replies"
      title={on ? 'Replies are read aloud as they arrive' : 'Replies are not read aloud'}
      aria-disabled={change.isPending}
      onClick={() => {
        if (change.isPending) return;
        change.mutate(!on, {
          onError: (error) =>
            toast({
              title: error instanceof ApiError ? error.message : 'Auto-play could not be changed.',
              variant: 'destructive',
            }),
        });
      }}
      className={`inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium hover:bg-hover aria-disabled:opacity-50 sm:h-9 ${on ? 'border-accent text-accent' : 'border-border'}`}
    >
      <Icon className="size-4" aria-hidden />
      <span className="hidden sm:inline">Auto-play</span>
    </button>
  );
}
