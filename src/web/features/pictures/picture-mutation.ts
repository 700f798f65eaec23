import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestPicture } from '../../../shared/pictures/endpoints';
import { toast } from '../../components/ui/toast';
import { ApiError, call } from '../../lib/api';
import { conversationKey, CREDITS_KEY } from '../chat-data/api';
import { refreshListedConversation } from '../chat-data/conversation-list';

/** One picture at a time per conversation: the button, mounted again, reads it by this key. */
const pictureKey = (conversationId: number) => ['pictures', conversationId] as const;

const FAILED = 'The picture could not be made. Please try again.';

/**
 * 'Send me a picture' (issue 50 part 3): the character's picture of the current scene, which the
 * server adds to the thread as its message (10–60 s). Once it is stored, the conversation and its
 * messages are loaded again (its key holds both; a load already on its way is cancelled first),
 * with its place in the list and the credits left. A refusal (the adults-only rule, no credits,
 * a failed image) is the server's message in a toast. The callbacks are the mutation's own, so
 * they run even when the user has left the conversation meanwhile.
 */
export function usePictureRequest(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: pictureKey(conversationId),
    mutationFn: (prompt: string) =>
      call(requestPicture, { params: { id: conversationId }, body: prompt ? { prompt } : {} }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: conversationKey(conversationId) }),
        refreshListedConversation(client, conversationId),
        client.invalidateQueries({ queryKey: CREDITS_KEY }),
      ]),
    onError: (error) => {
      toast({
        title: error instanceof ApiError ? error.message : FAILED,
        variant: 'destructive',
      });
      // A failed picture's credits were given back (502); a refused one took none.
      void client.invalidateQueries({ queryKey: CREDITS_KEY });
    },
  });
}

/** Whether a picture is being made for this conversation (by a button mounted now or before). */
export const usePictureBusy = (conversationId: number) =>
  useIsMutating({ mutationKey: pictureKey(conversationId) }) > 0;
