import { preloadable } from '../../lib/preloadable';

/**
 * Parts of the chat that few visits show, in chunks of their own: the chat's first load has no
 * room to spare (tests/build/chat-budget.test.ts, decision 0018), and the safety notices had to
 * fit in it (decision 0042). Where it matters, a part is fetched ahead by what says it will be
 * shown, so it is drawn at once; the others appear a moment after the chat (their Suspense
 * shows nothing meanwhile). A part takes from the chat's shared modules only what is already a
 * chunk of its own (button, form): a module that one more chunk imports is split out of the
 * chunk it was in, and costs the first load more than the part saves (see ChatNotices' and
 * BranchSwitcher's props, handed in rather than imported).
 */

const safety = () => import('./safety-parts');

/** Crisis and adults-only notices: with the stream reader, or with a conversation's notices. */
export const NoticeCard = preloadable(() => safety().then((m) => m.NoticeCard));

/** In the message box's place while the account is paused. */
export const PausedBanner = preloadable(() => safety().then((m) => m.PausedBanner));

/** The 403 message of a paused account (ADULTS_ONLY_PAUSED_MESSAGE), read when a 403 comes. */
export const pausedMessage = () => safety().then((m) => m.ADULTS_ONLY_PAUSED_MESSAGE);

const notices = () => import('./ChatNotices');

/** Without a language model (a new operator's first run). */
export const NoModelNotice = preloadable(() => notices().then((m) => m.NoModelNotice));

/** A conversation or character that is not there (deleted elsewhere, a stale link). */
export const ConversationMissing = preloadable(() => notices().then((m) => m.ConversationMissing));
export const CharacterMissing = preloadable(() => notices().then((m) => m.CharacterMissing));
/** A conversation's first messages, or the sidebar's chats, that could not be read. */
export const MessagesFailed = preloadable(() => notices().then((m) => m.MessagesFailed));
export const ChatsFailed = preloadable(() => notices().then((m) => m.ChatsFailed));
/** In the message box's place when moderation removed the character. */
export const RemovedCharacterNotice = preloadable(() =>
  notices().then((m) => m.RemovedCharacterNotice),
);

/** Brings a memory's message into view (only with `?message=` in the address). */
export const FocusMessage = preloadable(() => import('./FocusMessage').then((m) => m.FocusMessage));

/** Where a branched conversation forks (only when the history shown has alternatives). */
export const BranchSwitcher = preloadable(() =>
  import('./BranchSwitcher').then((m) => m.BranchSwitcher),
);

/**
 * Before a new conversation's first message: Chat Mode or Story Mode. Fetched with the first
 * reads when the address opens a character without a conversation (first-reads.ts), so it is
 * drawn with the page; otherwise when a character is picked (a moment's fetch, nothing shown
 * meanwhile). It left the first load when the endpoints became objects (issue 43).
 */
export const ModeChooser = preloadable(() => import('./ModeChooser').then((m) => m.ModeChooser));

/** A message being edited: fetched when its toolbar shows, before Edit can be pressed. */
export const MessageEditor = preloadable(() =>
  import('./MessageEditor').then((m) => m.MessageEditor),
);

/** 'Remember this': the fact to keep, edited before it is saved (when the button is pressed). */
export const RememberDialog = preloadable(() =>
  import('../memories/RememberDialog').then((m) => m.RememberDialog),
);

export { StoryOptions, StoryStart } from './story-lazy';

/**
 * 'Listen' under a reply (`message`) or the header's auto-play switch (`conversationId`): one
 * chunk, only where voice replies are configured (issue 50).
 */
export const VoiceReplies = preloadable(() =>
  import('../voice/ListenButton').then((m) => m.VoiceReplies),
);

/**
 * A group scene's parts (issue 51), one lazy component and chunk fetched only where a scene
 * shows (scenes/scene-parts.tsx): the Here-now bar above the message box, who said a character's
 * message, a scene's avatars in Recent Chats, and 'New group scene'.
 */
export const ScenePart = preloadable(() => import('./scenes/scene-parts').then((m) => m.ScenePart));

const prompts = () => import('./ThreadPrompts');

/** The thread's confirmations and offers (ThreadPrompts.tsx): when one is asked. */
/** 'Report' on a reply (issue 49): the reasons and the send, when it opens. */
export const ReportDialog = preloadable(() =>
  import('../reports/ReportDialog').then((m) => m.ReportDialog),
);

/** 'Add a comment' after a thumbs (issue 49), when the toast's button is pressed. */
export const FeedbackCommentDialog = preloadable(() =>
  import('./FeedbackCommentDialog').then((m) => m.FeedbackCommentDialog),
);

/** Delete's and an earlier reply's Regenerate's confirmations, when one is asked. */
export const ThreadDialogs = preloadable(() => prompts().then((m) => m.ThreadDialogs));
export const RegenerateOffer = preloadable(() => prompts().then((m) => m.RegenerateOffer));
/** 'A new branch starts here' (after 'Branch from here' is pressed). */
export const BranchFromNotice = preloadable(() => prompts().then((m) => m.BranchFromNotice));

/**
 * 'Starting your fantasy', while a new conversation's first message is answered: fetched ahead
 * when a thread with at most its greeting is shown (ChatThread).
 */
export const StartingSplash = preloadable(() =>
  import('./StartingSplash').then((m) => m.StartingSplash),
);
