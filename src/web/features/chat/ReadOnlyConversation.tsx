import { Archive } from 'lucide-react';
import { flattenPages, useConversation, useMessages } from './api';
import { MessageText } from './MessageView';

/**
 * A conversation whose character was deleted (the user chose to keep it): the history can be
 * read, and deleted from Recent Chats, but not continued.
 */
export function ReadOnlyConversation({ conversationId }: { conversationId: number }) {
  const conversation = useConversation(conversationId);
  const history = useMessages(conversationId);
  const messages = flattenPages(history.data?.pages);
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-border px-4 py-3 text-sm text-muted">
        <Archive className="size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold text-fg">{conversation.data?.title}</span> · The character
          was deleted, so this conversation is read-only.
        </span>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-6">
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          {history.hasNextPage && (
            <button
              type="button"
              className="self-center rounded-full border border-border px-4 py-1.5 text-sm text-muted hover:text-fg"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              Load earlier messages
            </button>
          )}
          {messages.map((m) => (
            <div
              key={m.id}
              data-testid={`message-${m.sender}`}
              className={
                m.sender === 'user'
                  ? 'max-w-[85%] self-end rounded-2xl rounded-tr-sm bg-bubble-user px-4 py-2 text-white'
                  : 'max-w-[90%] self-start rounded-2xl rounded-tl-sm bg-bubble-ai px-4 py-3'
              }
            >
              <MessageText text={m.content} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
