import { normalizeChatMode, type ChatMode } from '../../../shared/chat/rules';
import { PICTURES_FOLDER, type TranscriptConversation, type TranscriptMessage } from '../chat';
import type { PlanItem, TranscriptPlan } from './transcript-plan';

/**
 * A conversation as Markdown, for the export's readable copy (issue 45). Every text the user
 * or the model wrote is the user's own and is kept exactly: it is never escaped, but each goes
 * inside a blockquote, every line of it prefixed with '> '. A Markdown reader ends a blockquote's
 * contents (a heading, a rule, an unclosed code fence or HTML block) where the quote ends, so no
 * message can reach into the file's own headings or into another message; stripping the '> '
 * gives the text back as it was (line breaks as '\n').
 */

/** What the file calls its two speakers. */
export interface Speakers {
  /** The user's profile name, or 'You'. */
  user: string;
  /** The character's name ('Character' once it was deleted). */
  character: string;
}

const DELETED_CHARACTER = 'Deleted character';

const MODE_NAMES: Record<ChatMode, string> = {
  immersive: 'Story Mode',
  texting: 'Chat Mode (Texting)',
  message: 'Chat Mode (Messages)',
  assistant: 'Chat Mode (Assistant)',
};

/** One line of plain text for a heading or a list item: a name or title never spans lines. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A date as people read it, in UTC (the JSON has the exact times). */
const when = (date: Date) =>
  Number.isNaN(date.getTime())
    ? 'unknown time'
    : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * `text` as a blockquote, kept exactly: every line (split where Markdown splits lines: \n, \r\n
 * and a lone \r) prefixed with '> ', an empty one with '>'.
 */
export function quoted(text: string) {
  return `${text
    .split(/\r\n|\r|\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')}\n\n`;
}

/**
 * The file's name in the zip: its place in the account (zero-padded to `width`, so the files sort
 * in that order, and unique), the character's name and the title, in letters and digits of ASCII
 * only (safe on any system, no path in them), each cut short.
 */
export function transcriptFileName(
  index: number,
  width: number,
  characterName: string | null,
  title: string,
) {
  const number = String(index).padStart(width, '0');
  return `conversations/${number}-${slug(characterName ?? DELETED_CHARACTER, 'character')}-${slug(title, 'conversation')}.md`;
}

const SLUG_MAX = 40;

function slug(text: string, fallback: string) {
  const ascii = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '');
  return ascii.slice(0, SLUG_MAX).replace(/-+$/, '') || fallback;
}

/** The file's start: who, what, when (written before any message is read). */
export function transcriptHeading(conversation: TranscriptConversation) {
  const characterLine = conversation.characterName
    ? oneLine(conversation.characterName)
    : `${DELETED_CHARACTER} (the conversation was kept)`;
  let text =
    `# ${oneLine(conversation.characterName ?? DELETED_CHARACTER)}: ${oneLine(conversation.title)}\n\n` +
    `- Character: ${characterLine}\n` +
    `- Mode: ${MODE_NAMES[normalizeChatMode(conversation.chatMode)]}\n` +
    `- Started: ${when(conversation.createdAt)}\n` +
    `- Last active: ${when(conversation.updatedAt)}\n\n` +
    'Every message is quoted exactly as it was written. The branch of the conversation you were ' +
    'reading comes first; replies that were regenerated and messages edited into new branches ' +
    'follow under "Other branches". The same data, with exact times, is in reverie-export.json.\n\n';
  if (conversation.scenario) text += `## Opening scene\n\n${quoted(conversation.scenario)}`;
  return text;
}

/** How many messages there are, and the active branch's heading (once the tree is read). */
export function transcriptStart(plan: TranscriptPlan) {
  if (plan.total === 0) return 'No messages yet.\n';
  const others = plan.total - plan.onActiveBranch;
  const counts =
    `${plural(plan.total, 'message')}: ${plan.onActiveBranch} on the branch being read` +
    (others > 0 ? `, ${others} in other branches.` : '.');
  const empty =
    plan.onActiveBranch === 0
      ? 'No branch is being read: every message is listed under "Other branches".\n\n'
      : '';
  return `${counts}\n\n## Conversation\n\n${empty}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One item of the plan as Markdown. `message` is the item's message (undefined when it was
 * deleted while the export was being made: then it is left out).
 */
export function planItemText(
  item: PlanItem,
  message: TranscriptMessage | undefined,
  speakers: Speakers,
  openingScene: string | null,
) {
  switch (item.kind) {
    case 'other-branches':
      return (
        '## Other branches\n\n' +
        'Messages that are not on the branch above, grouped by the message they branch from. ' +
        'Each is labelled B1, B2… and names the message it follows.\n\n'
      );
    case 'group':
      return item.from === null
        ? '### Other first messages\n\n'
        : `### Branching from message ${item.from}\n\n`;
    case 'unplaced':
      return '### Messages whose place in the conversation is unknown\n\n';
    case 'message':
      return message ? messageText(item, message, speakers, openingScene) : '';
  }
}

function messageText(
  item: Extract<PlanItem, { kind: 'message' }>,
  message: TranscriptMessage,
  speakers: Speakers,
  openingScene: string | null,
) {
  const speaker = oneLine(message.sender === 'user' ? speakers.user : speakers.character);
  const follows =
    item.follows === undefined
      ? ''
      : item.follows === null
        ? ' · a first message'
        : ` · follows ${item.follows}`;
  // On the active branch under '## Conversation', off it under its group's '###'.
  const level = item.follows === undefined ? '###' : '####';
  let text = `${level} ${item.label} · ${speaker}${follows} · ${when(message.createdAt)}\n\n`;
  // Story mode: a branch that began with a scene of its own says which.
  if (message.scenario && message.scenario !== openingScene) {
    text += `Opening scene of this branch:\n\n${quoted(message.scenario)}`;
  }
  text += quoted(message.content);
  // A picture sent in the chat (issue 50): its file in the zip, beside the conversations folder.
  for (const picture of message.attachments ?? []) {
    text += `![A picture](../${PICTURES_FOLDER}/${picture.key})\n\n`;
  }
  if (Array.isArray(message.options) && message.options.length > 0) {
    text += `Suggested actions:\n\n${quoted(message.options.map((o) => `${o.number}. ${o.option}`).join('\n'))}`;
  }
  return text;
}
