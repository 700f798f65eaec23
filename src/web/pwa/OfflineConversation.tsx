import { ChevronDown } from 'lucide-react';
import type { OfflineConversation as Conversation } from './offline-reads';

/** `*an action*` in italics, as the chat shows it; the rest as written (read-only, offline). */
function withActions(text: string) {
  return text.split(/(\*[^*\n]+\*)/).map((part, i) =>
    i % 2 === 1 ? (
      <em key={i} className="text-muted">
        {part.slice(1, -1)}
      </em>
    ) : (
      part
    ),
  );
}

/**
 * One conversation kept for reading offline: who it is with, its title, and its newest messages
 * in bubbles like the chat's. Read-only; folded but for the newest (a disclosure: Enter or Space
 * opens it).
 */
export function OfflineConversation({
  conversation,
  open,
}: {
  conversation: Conversation;
  open: boolean;
}) {
  const { names, characterIds, messages } = conversation;
  const nameOf = (id: number | undefined) => (id !== undefined && names[id]) || 'Character deleted';
  const who = characterIds.length > 0 ? characterIds.map(nameOf).join(', ') : nameOf(undefined);
  const scene = characterIds.length > 1;
  return (
    <details open={open} className="group rounded-xl border border-border bg-surface">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 hover:bg-hover [&::-webkit-details-marker]:hidden">
        <span className="font-semibold">{who}</span>
        <span className="min-w-0 flex-1 truncate text-sm text-muted">{conversation.title}</span>
        <ChevronDown
          className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
          aria-hidden
        />
      </summary>
      <ol className="space-y-2 px-3 pb-4 pt-2" aria-label={`Messages with ${who}`}>
        {messages.map((message) => {
          const mine = message.sender === 'user';
          const speaker = mine ? 'You' : nameOf(message.speakerId ?? characterIds[0]);
          return (
            <li key={message.id} className={mine ? 'flex justify-end' : 'flex'}>
              <div
                className={`max-w-[85%] rounded-2xl px-4 py-2 ${mine ? 'rounded-tr-sm bubble-user' : 'rounded-tl-sm bubble-ai'}`}
              >
                {/* Heard always; seen in a group scene, where it is not plain who speaks. */}
                <span
                  className={scene && !mine ? 'block text-xs font-semibold text-muted' : 'sr-only'}
                >
                  {speaker}:
                </span>
                <p className="whitespace-pre-wrap break-words">{withActions(message.content)}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
