import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Loader2, Square, Volume2 } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { SiteStatus } from '../../../shared/site/contract';
import { getSiteStatus } from '../../../shared/site/endpoints';
import { costText } from '../../lib/cost-text';
import { useSiteStatus } from '../site/site-status';
import { AutoPlaySwitch } from './AutoPlaySwitch';
import { playMessage, stateOf, stop, subscribe } from './speech-player';

/*
 * The chat's one door to voice replies (issue 50): 'Listen', the header's switch and auto-play
 * come in this one chunk, so the chat's first load names a single file for them
 * (tests/build/chat-budget.test.ts).
 */

/** What the chat mounts: a message's 'Listen', or the conversation's auto-play switch. */
export function VoiceReplies(
  props: { message: { id: number; content: string; sender: string } } | { conversationId: number },
) {
  if (!('message' in props)) return <AutoPlaySwitch {...props} />;
  // Only the character's messages are read aloud.
  return props.message.sender === 'ai' ? <ListenButton message={props.message} /> : null;
}

/**
 * A reply that finished streaming in a conversation with auto-play on: read aloud if the
 * operator has voice replies (the site status the chat has read).
 */
export function autoPlayReply(client: QueryClient, messageId: number, content: string) {
  const status = client.getQueryData<SiteStatus>([getSiteStatus.path]);
  if (status?.features?.voiceReplies) void playMessage(client, messageId, content, true);
}

/**
 * 'Listen' under a character's message (issue 50): reads it aloud in the character's voice,
 * saying first what it costs when the operator charges for it. While it loads or plays it is
 * 'Stop' (Escape too); another message's Listen stops this one. Drawn like the toolbar's other
 * buttons (ToolButton's look, not its module: this chunk takes nothing from the chat's own).
 */
export function ListenButton({ message }: { message: { id: number; content: string } }) {
  const { id: messageId, content } = message;
  const client = useQueryClient();
  const state = useSyncExternalStore(subscribe, () => stateOf(messageId));
  const credits = useSiteStatus().data?.features?.speechCredits ?? 0;
  const cost = credits > 0 ? costText(credits) : '';
  const idle = state === 'idle';
  const label = idle ? `Listen${cost && ` (${cost})`}` : 'Stop';
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-action="listen"
      data-state={state}
      onClick={() => (idle ? void playMessage(client, messageId, content) : stop())}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !idle) {
          event.preventDefault();
          stop();
        }
      }}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md p-1.5 text-xs hover:bg-hover-strong hover:text-fg sm:min-h-0 sm:min-w-0 ${idle ? 'text-muted' : 'text-accent'}`}
    >
      {state === 'loading' ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
      ) : state === 'playing' ? (
        <Square className="size-3.5" fill="currentColor" aria-hidden />
      ) : (
        <Volume2 className="size-3.5" aria-hidden />
      )}
      {idle && cost && <span className="whitespace-nowrap">{cost}</span>}
    </button>
  );
}
