import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Character } from '../../../shared/characters/schemas';
import {
  normalizeChatMode,
  OUT_OF_CREDITS_MESSAGE,
  type ChatMode,
  type StoryOption,
} from '../../../shared/chat';
import { PageLoader } from '../../app/PageLoader';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import {
  conversationKey,
  createConversation,
  editMessage,
  flattenPages,
  generateOptions,
  generateScenario,
  hasCredits,
  refreshLists,
  reloadMessages,
  replyPath,
  setConversationModel,
  streamReply,
  useConversation,
  useMessages,
  useModelChoice,
} from './api';
import { ConversationMissing, NoModelNotice } from './ChatNotices';
import { MessageBox } from './MessageBox';
import {
  LoadEarlierButton,
  MessageText,
  MessageView,
  TypingIndicator,
  type DisplayMessage,
} from './MessageView';
import { ModeChooser } from './ModeChooser';
import { ModelPicker } from './ModelPicker';
import { OutOfCreditsDialog } from './OutOfCreditsDialog';
import { StartingSplash, StoryOptions, StoryStart } from './StoryParts';
import {
  addUnanswered,
  moveUnanswered,
  removeUnanswered,
  unansweredKey,
  useUnanswered,
} from './unanswered';

const FRESH_MS = 5000;
/** Keys for messages on their way (not stored yet). */
let pendingCount = 0;

/** Whether a send went through: 'failed' gives the text back to the box it came from. */
type SendOutcome = 'sent' | 'kept' | 'failed';

/** The conversation area for one character: mode choice, messages, message box or options. */
export function ChatView({
  character,
  conversationId,
}: {
  character: Character;
  conversationId: number | null;
}) {
  const [, navigate] = useLocation();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const activeId = conversationId ?? createdId;
  // Sends in flight, checked synchronously so a double click cannot send twice.
  const inFlight = useRef(false);
  // The conversation on screen, for replies that finish after the user moved on.
  const shownId = useRef(activeId);
  useEffect(() => {
    shownId.current = activeId;
  }, [activeId]);
  const conversation = useConversation(activeId);
  const history = useMessages(activeId);
  const [chosenMode, setChosenMode] = useState<ChatMode | null>(null);
  const mode: ChatMode | null = conversation.data
    ? normalizeChatMode(conversation.data.chatMode)
    : chosenMode;
  // The message being sent, shown until the stored pair replaces it.
  const [pending, setPending] = useState<DisplayMessage | null>(null);
  // While a send is in flight, stored messages newer than this are not shown yet: the user's
  // message is already on screen as `pending`, and a history load in between must not show it
  // a second time.
  const [shownUpTo, setShownUpTo] = useState<number | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [storyDraft, setStoryDraft] = useState('');
  const unanswered = useUnanswered(unansweredKey(activeId, character.id));
  // The newest reply is 'new' for 5 s: its texting bubbles are revealed one by one.
  const [fresh, setFresh] = useState<number | null>(null);
  useEffect(() => {
    if (fresh === null) return;
    const timer = setTimeout(() => setFresh(null), FRESH_MS);
    return () => clearTimeout(timer);
  }, [fresh]);
  const [options, setOptions] = useState<StoryOption[] | null>(null);
  // The conversation whose options are being generated (replies can finish after a switch).
  const [optionsLoadingFor, setOptionsLoadingFor] = useState<number | null>(null);
  const [outOfCredits, setOutOfCredits] = useState(false);
  // Staff only: the model a conversation not created yet will start with.
  const modelChoice = useModelChoice();
  const modelAvailable = modelChoice.data?.available ?? true;
  const [pickedModel, setPickedModel] = useState<string | null>(null);
  // Another conversation opened (not the one this view just created): start from a clean slate.
  const [seenRoute, setSeenRoute] = useState(conversationId);
  if (conversationId !== seenRoute) {
    setSeenRoute(conversationId);
    if (conversationId !== createdId) {
      setCreatedId(null);
      setChosenMode(null);
      setOptions(null);
      setPending(null);
      setShownUpTo(null);
      setFresh(null);
      setPickedModel(null);
      setStoryDraft('');
    }
  }
  const bottom = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const busy = streaming !== null || starting;

  const stored = flattenPages(history.data?.pages).filter(
    (m) => shownUpTo === null || m.id <= shownUpTo,
  );
  const messages = withUnanswered(stored, unanswered);
  if (pending) messages.push(pending);
  // New messages (and a growing reply) scroll into view; older pages loaded above do not.
  // The list first renders once the mode is known (the conversation may load after messages).
  const newestId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId, streaming, mode]);

  // Older messages: loaded when the user scrolls near the top (or presses the button), keeping
  // the message they were reading where it was.
  const distanceFromBottom = useRef<number | null>(null);
  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    const el = scroller.current;
    if (el) distanceFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };
  const oldestId = messages[0]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && distanceFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - distanceFromBottom.current;
      distanceFromBottom.current = null;
    }
  }, [oldestId]);

  /** New options for a story (stored on the conversation, shown if it is still on screen). */
  const loadOptions = async (id: number) => {
    setOptionsLoadingFor(id);
    try {
      const next = await generateOptions(id);
      if (shownId.current === id) setOptions(next);
    } catch (error) {
      // The last turn's options must not stay clickable as if they followed this one.
      if (shownId.current !== id) return;
      setOptions([]);
      if (error instanceof ApiError && error.status === 403) {
        setOutOfCredits(true); // the reply just used the last credit
        return;
      }
      toast({
        title: 'Oops!',
        description: 'Unable to load action options right now.',
        variant: 'destructive',
      });
    } finally {
      setOptionsLoadingFor((current) => (current === id ? null : current));
      void queryClient.invalidateQueries({ queryKey: conversationKey(id) });
    }
  };

  /** Resolves true unless the text should go back where the user typed it. */
  const send = async (text: string, retryOf?: string): Promise<boolean> => {
    if (!text.trim() || busy || !mode || inFlight.current) return false;
    inFlight.current = true;
    try {
      return (await sendOnce(text, mode, retryOf)) !== 'failed';
    } finally {
      inFlight.current = false;
    }
  };

  const sendOnce = async (text: string, mode: ChatMode, retryOf?: string): Promise<SendOutcome> => {
    const key = unansweredKey(activeId, character.id);
    const newestStored = stored.at(-1)?.id ?? 0;
    try {
      if (!(await hasCredits())) {
        // Nothing goes to the model, but the user's words stay in the thread.
        if (!retryOf) addUnanswered(key, text, newestStored);
        setOutOfCredits(true);
        return 'kept';
      }
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      return 'failed';
    }
    let id = activeId;
    // Until the server answers, nothing of this message has been stored.
    let accepted = false;
    try {
      if (id === null) {
        setStarting(true);
        id = await createConversation(character.id, mode, pickedModel ?? undefined);
        moveUnanswered(key, unansweredKey(id, character.id));
        // Open it at once, so a failure below does not leave an unseen empty conversation.
        setCreatedId(id);
        navigate(`/chat/${id}?character=${character.id}`);
      }
      // A story needs its opening scene first (again, if generating it failed last time).
      if (mode === 'immersive' && !conversation.data?.scenario) await generateScenario(id, text);
      if (retryOf) removeUnanswered(unansweredKey(id, character.id), retryOf);
      setShownUpTo(newestStored);
      setPending({ id: `pending-${++pendingCount}`, sender: 'user', content: text });
      setStreaming('');
      const done = await streamReply(
        replyPath(mode),
        { message: text, conversationId: id },
        {
          onAccepted: () => (accepted = true),
          onToken: (t) => {
            setStarting(false);
            setStreaming((s) => (s ?? '') + t);
          },
        },
      );
      await reloadMessages(id);
      void refreshLists();
      // Options are made even if the user has moved on: they are waiting when they come back.
      if (mode === 'immersive') void loadOptions(id);
      if (shownId.current === id) setFresh(done.messageId);
      return 'sent';
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        if (!retryOf && id !== null)
          addUnanswered(unansweredKey(id, character.id), text, newestStored);
        setOutOfCredits(true);
        return 'kept';
      }
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Something went wrong.',
        variant: 'destructive',
      });
      if (id !== null) await reloadMessages(id).catch(() => undefined);
      // A stored message is in the thread now; one the server refused goes back to the box.
      return accepted ? 'sent' : 'failed';
    } finally {
      setStarting(false);
      setStreaming(null);
      setPending(null);
      setShownUpTo(null);
    }
  };

  /** Resolves true when saved; the inline editor stays open (with the draft) otherwise. */
  const edit = async (messageId: number, text: string) => {
    if (activeId === null) return false;
    try {
      await editMessage(messageId, text, activeId);
      await reloadMessages(activeId);
      void refreshLists(); // the sidebar preview may have been this message
      toast({ title: 'Message edited', description: 'Updated successfully' });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      return false;
    }
  };

  const changeModel = async (model: string) => {
    if (activeId === null) return setPickedModel(model);
    try {
      await setConversationModel(activeId, model);
    } catch {
      toast({
        title: "Couldn't update model",
        description: 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const storyOptions = options ?? conversation.data?.currentOptions ?? [];
  const bubbles = mode === 'texting' || mode === 'message';
  const notice = !modelAvailable && <NoModelNotice staff={modelChoice.data?.staff ?? false} />;

  // An existing conversation opened by its address: wait for it (its mode decides the screen).
  const opened = conversationId !== null && conversationId !== createdId;
  if (opened && conversation.isError) return <ConversationMissing characterId={character.id} />;
  if (opened && !conversation.data) {
    return <PageLoader />;
  }
  if (mode === null) {
    return (
      <div className="flex h-full flex-col">
        {notice}
        <div className="min-h-0 flex-1">
          <ModeChooser character={character} onChoose={setChosenMode} />
        </div>
      </div>
    );
  }
  const empty = (activeId === null || history.isSuccess) && messages.length === 0;

  return (
    <div className="flex h-full flex-col">
      {notice}
      {modelChoice.data?.canChoose && (
        <ModelPicker
          models={modelChoice.data.models}
          value={conversation.data?.model ?? pickedModel ?? modelChoice.data.defaultModel ?? ''}
          onChange={(model) => void changeModel(model)}
        />
      )}
      <div
        ref={scroller}
        data-testid="message-scroller"
        className="flex-1 overflow-y-auto px-4 py-6"
        aria-live="polite"
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 120) loadOlder();
        }}
      >
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          {history.hasNextPage && (
            <LoadEarlierButton loading={history.isFetchingNextPage} onClick={loadOlder} />
          )}
          {conversation.data?.scenario && !history.hasNextPage && (
            <div
              className="rounded-xl border border-border bg-surface/60 p-4 text-sm"
              data-testid="scenario"
            >
              <p className="mb-1 text-xs font-semibold tracking-widest text-muted uppercase">
                Scenario
              </p>
              <MessageText text={conversation.data.scenario} />
            </div>
          )}
          {empty && mode === 'immersive' && !starting && (
            <StoryStart
              text={storyDraft}
              onChange={setStoryDraft}
              disabled={busy}
              onStart={(text) => void send(text)}
            />
          )}
          {empty && mode !== 'immersive' && !starting && (
            <p className="py-10 text-center text-muted">Say hello to {character.name}!</p>
          )}
          {messages.map((m) => (
            <MessageView
              key={m.id}
              message={m}
              asBubbles={bubbles && m.sender === 'ai'}
              fresh={fresh === m.id}
              onEdit={
                m.sender === 'user' && typeof m.id === 'number'
                  ? (text) => edit(m.id as number, text)
                  : undefined
              }
              onRetry={m.unanswered && !busy ? () => void send(m.content, String(m.id)) : undefined}
            />
          ))}
          {starting && <StartingSplash />}
          {streaming !== null &&
            !starting &&
            (streaming && !bubbles ? (
              <div className="max-w-[90%] rounded-2xl rounded-tl-sm bg-bubble-ai px-4 py-3">
                <MessageText text={streaming} />
              </div>
            ) : (
              <TypingIndicator />
            ))}
          <div ref={bottom} />
        </div>
      </div>
      {mode === 'immersive' ? (
        activeId !== null && (
          <StoryOptions
            options={storyOptions}
            loading={optionsLoadingFor === activeId}
            waiting={busy}
            disabled={busy}
            onChoose={(text) => send(text)}
            onReroll={() => void loadOptions(activeId)}
          />
        )
      ) : (
        <MessageBox
          characterId={character.id}
          name={character.name}
          directness={character.directnessLevel}
          showIntimacy={mode !== 'assistant'}
          disabled={busy}
          onSend={(text) => send(text)}
        />
      )}
      <OutOfCreditsDialog open={outOfCredits} onOpenChange={setOutOfCredits} />
    </div>
  );
}

/**
 * The stored messages with the ones typed while out of credits in their place (each after the
 * messages that existed when it was typed), and the spec's placeholder reply after the last.
 */
function withUnanswered(
  stored: DisplayMessage[],
  unanswered: { id: string; content: string; afterId: number }[],
): DisplayMessage[] {
  if (unanswered.length === 0) return [...stored];
  const result: DisplayMessage[] = [];
  const waiting = [...unanswered];
  const placeUpTo = (limit: number) => {
    while (waiting.length > 0 && waiting[0]!.afterId < limit) {
      const u = waiting.shift()!;
      result.push({ id: u.id, sender: 'user', content: u.content, unanswered: true });
    }
  };
  for (const m of stored) {
    if (typeof m.id === 'number') placeUpTo(m.id);
    result.push(m);
  }
  placeUpTo(Infinity);
  const last = result.findLastIndex((m) => m.unanswered);
  result.splice(last + 1, 0, { id: 'no-credits', sender: 'ai', content: OUT_OF_CREDITS_MESSAGE });
  return result;
}
