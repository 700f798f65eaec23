import { Archive } from 'lucide-react';
import { flattenPages, useConversation, useMessages } from '../chat-data/api';
import { useNoSplashOver } from './ChatSplash';
import { LoadEarlierButton } from './MessageParts';
import { MessageView } from './MessageView';

/**
 * A conversation whose character was deleted (the user chose to keep it): the history can be
 * read, and deleted from Recent Chats, but not continued.
 */
export function ReadOnlyConversation({ conversationId }: { conversationId: number }) {
  const conversation = useConversation(conversationId);
  const history = useMessages(conversationId);
  const messages = flattenPages(history.data?.pages);
  useNoSplashOver(messages.length > 0);
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-border px-4 py-3 text-sm text-muted">
        <Archive className="size-4 shrink-0" aria-hidden />
        <div>
          <h1 className="inline text-sm font-semibold text-fg">{conversation.data?.title}</h1> · The
          character was deleted, so this conversation is read-only.
        </div>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-6">
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          {history.hasNextPage && (
            <LoadEarlierButton
              loading={history.isFetchingNextPage}
              failed={history.isFetchNextPageError}
              onClick={() => void history.fetchNextPage()}
            />
          )}
          {messages.map((m) => (
            <MessageView key={m.id} message={m} asBubbles={false} fresh={false} />
          ))}
        </div>
      </div>
    </div>
  );
}
