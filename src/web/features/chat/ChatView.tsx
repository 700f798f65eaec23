import { BookOpen, Bot, MessageCircle, MessagesSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Character } from '../../../shared/characters/schemas';
import {
  normalizeChatMode,
  OUT_OF_CREDITS_MESSAGE,
  type ChatMode,
  type StoryOption,
} from '../../../shared/chat';
import { PageLoader } from '../../app/PageLoader';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { CharacterAvatar } from '../characters/components/CharacterAvatar';
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
import { MessageBox } from './MessageBox';
import { ModelPicker } from './ModelPicker';
import {
  LoadEarlierButton,
  MessageView,
  TypingIndicator,
  type DisplayMessage,
} from './MessageView';
import { StartingSplash, StoryOptions, StoryStart } from './StoryParts';

const FRESH_MS = 5000;

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
  const [pending, setPending] = useState<DisplayMessage[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
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
  const [pickedModel, setPickedModel] = useState<string | null>(null);
  // Another conversation opened (not the one this view just created): start from a clean slate.
  const [seenRoute, setSeenRoute] = useState(conversationId);
  if (conversationId !== seenRoute) {
    setSeenRoute(conversationId);
    if (conversationId !== createdId) {
      setCreatedId(null);
      setChosenMode(null);
      setOptions(null);
      setPending([]);
      setFresh(null);
      setPickedModel(null);
    }
  }
  const bottom = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const busy = streaming !== null || starting;

  const messages: DisplayMessage[] = [...flattenPages(history.data?.pages), ...pending];
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

  const send = async (text: string) => {
    if (!text.trim() || busy || !mode || inFlight.current) return;
    inFlight.current = true;
    try {
      await sendOnce(text, mode);
    } finally {
      inFlight.current = false;
    }
  };

  const sendOnce = async (text: string, mode: ChatMode) => {
    const userBubble: DisplayMessage = {
      id: `pending-${Date.now()}`,
      sender: 'user',
      content: text,
    };
    try {
      if (!(await hasCredits())) {
        setPending([
          userBubble,
          { id: 'no-credits', sender: 'ai', content: OUT_OF_CREDITS_MESSAGE },
        ]);
        setOutOfCredits(true);
        return;
      }
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    let id = activeId;
    try {
      if (id === null) {
        setStarting(true);
        id = await createConversation(character.id, mode, pickedModel ?? undefined);
        // Open it at once, so a failure below does not leave an unseen empty conversation.
        setCreatedId(id);
        navigate(`/chat/${id}?character=${character.id}`);
      }
      // A story needs its opening scene first (again, if generating it failed last time).
      if (mode === 'immersive' && !conversation.data?.scenario) await generateScenario(id, text);
      setPending([userBubble]);
      setStreaming('');
      const done = await streamReply(
        replyPath(mode),
        { message: text, conversationId: id },
        (t) => {
          setStarting(false);
          setStreaming((s) => (s ?? '') + t);
        },
      );
      await reloadMessages(id);
      void refreshLists();
      // Options are made even if the user has moved on: they are waiting when they come back.
      if (mode === 'immersive') void loadOptions(id);
      if (shownId.current !== id) return; // the user has moved on to another conversation
      setFresh(done.messageId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        setPending([
          userBubble,
          { id: 'no-credits', sender: 'ai', content: OUT_OF_CREDITS_MESSAGE },
        ]);
        setOutOfCredits(true);
        return;
      }
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Something went wrong.',
        variant: 'destructive',
      });
      if (id !== null) void reloadMessages(id);
    } finally {
      setStarting(false);
      setStreaming(null);
      setPending((p) => p.filter((m) => m.id === 'no-credits' || m.sender === 'ai'));
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

  // An existing conversation opened by its address: wait for it (its mode decides the screen).
  const opened = conversationId !== null && conversationId !== createdId;
  if (opened && conversation.isError) return <ConversationMissing characterId={character.id} />;
  if (opened && !conversation.data) {
    return <PageLoader />;
  }
  if (mode === null) {
    return <ModeChooser character={character} onChoose={setChosenMode} />;
  }
  const empty = (activeId === null || history.isSuccess) && messages.length === 0;

  return (
    <div className="flex h-full flex-col">
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
            <div className="rounded-xl border border-border bg-surface/60 p-4 text-sm">
              <p className="mb-1 text-xs font-semibold tracking-widest text-muted uppercase">
                Scenario
              </p>
              <p className="whitespace-pre-line">{conversation.data.scenario}</p>
            </div>
          )}
          {empty && mode === 'immersive' && !starting && (
            <StoryStart disabled={busy} onStart={(text) => void send(text)} />
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
            />
          ))}
          {starting && <StartingSplash />}
          {streaming !== null &&
            !starting &&
            (streaming && !bubbles ? (
              <div className="max-w-[90%] rounded-2xl rounded-tl-sm bg-bubble-ai px-4 py-3 whitespace-pre-wrap">
                {streaming}
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
            disabled={busy}
            onChoose={(text) => void send(text)}
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
          onSend={(text) => void send(text)}
        />
      )}
      <Dialog
        open={outOfCredits}
        onOpenChange={setOutOfCredits}
        title="Out of Credits"
        description="You have no messages left, so no AI replies arrive until you refill."
      >
        <p className="text-sm text-muted">
          Upgrade your plan or wait for your monthly allowance to reset.{' '}
          <a
            href="/pricing"
            target="_blank"
            rel="noopener noreferrer"
            className="text-accent underline"
          >
            See plans
          </a>
        </p>
        <div className="mt-6 flex justify-end">
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => setOutOfCredits(false)}
          >
            Got it
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function ConversationMissing({ characterId }: { characterId: number }) {
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold">Conversation not found</h1>
      <p className="mt-2 text-muted">It may have been deleted.</p>
      <Link
        href={`/chat?character=${characterId}`}
        className={buttonClass('secondary', 'md', 'mt-6')}
      >
        Start a new chat
      </Link>
    </div>
  );
}

/** Before the first message: Chat Mode (Texting or Assistant) or Story Mode. */
function ModeChooser({
  character,
  onChoose,
}: {
  character: Character;
  onChoose: (mode: ChatMode) => void;
}) {
  const card = 'rounded-2xl border border-border bg-surface p-5 text-left';
  const choice =
    'flex flex-1 items-center justify-center gap-2 rounded-lg border border-border px-3 py-2 text-sm font-semibold hover:border-accent';
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-10 text-center">
      <CharacterAvatar
        name={character.name}
        avatarUrl={character.avatarUrl}
        avatarColor={character.avatarColor}
        size="lg"
      />
      <h1 className="mt-4 text-2xl font-bold">{character.name}</h1>
      <p className="mt-2 max-w-md text-muted">{character.description}</p>
      <div className="mt-8 grid w-full max-w-xl gap-4 sm:grid-cols-2">
        <section className={card} aria-labelledby="chat-mode">
          <h2 id="chat-mode" className="flex items-center gap-2 font-bold">
            <MessageCircle className="size-5 text-accent" aria-hidden /> Chat Mode
          </h2>
          <p className="mt-1 text-sm text-muted">Classic back-and-forth messaging.</p>
          <div className="mt-4 flex gap-2">
            <button type="button" className={choice} onClick={() => onChoose('texting')}>
              <MessagesSquare className="size-4" aria-hidden /> Texting
            </button>
            <button type="button" className={choice} onClick={() => onChoose('assistant')}>
              <Bot className="size-4" aria-hidden /> Assistant
            </button>
          </div>
        </section>
        <section className={card} aria-labelledby="story-mode">
          <h2 id="story-mode" className="flex items-center gap-2 font-bold">
            <BookOpen className="size-5 text-accent" aria-hidden /> Story Mode
          </h2>
          <p className="mt-1 text-sm text-muted">Immersive roleplay with suggested actions.</p>
          <button
            type="button"
            className={`${choice} mt-4 w-full`}
            onClick={() => onChoose('immersive')}
          >
            Start a story
          </button>
        </section>
      </div>
      <p className="mt-6 text-sm text-muted">
        Select a mode to start chatting with your character!
      </p>
    </div>
  );
}
