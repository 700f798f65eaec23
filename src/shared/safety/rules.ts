/**
 * The companion-app law's copy and constants (NY GBL Art. 47, CA SB 243; decision 0042), for
 * both sides. No zod: the chat page and the public /safety page import it cheaply.
 */
import { namesText } from '../names-text';
import { APP_NAME, MINIMUM_AGE } from '../brand';

/** The kinds of notice shown in a conversation's thread (never sent to the model). */
export const NOTICE_KINDS = ['ai-disclosure', 'crisis', 'adults-only'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * NY GBL § 1702: the "not a human" notice at the beginning of an interaction and at least every
 * three hours of a continuing one. AI_NOTICE_EVERY_MINUTES may only shorten it.
 */
export const AI_NOTICE_MAX_MINUTES = 180;

/** A crisis service the crisis notice and the /safety page refer to (CRISIS_RESOURCES). */
export interface CrisisResource {
  name: string;
  /** A number to call. */
  phone?: string | undefined;
  /** A number to text. */
  text?: string | undefined;
  /** The service's web page or chat. */
  url: string;
  /** ISO country code; none: anywhere else. */
  country?: string | undefined;
}

/** The resources when the operator sets none: 988 for the US, a directory for everyone else. */
export const DEFAULT_CRISIS_RESOURCES: readonly CrisisResource[] = [
  {
    name: '988 Suicide & Crisis Lifeline',
    phone: '988',
    text: '988',
    url: 'https://988lifeline.org/chat',
    country: 'US',
  },
  { name: 'Find a Helpline (other countries)', url: 'https://findahelpline.com' },
];

/**
 * The notice shown before a character's first reply and again every few hours; a group scene's
 * names all its characters (issue 51).
 */
export function aiDisclosureText(who: string | readonly string[]): string {
  const names = (typeof who === 'string' ? [who] : who).map((n) => n.trim()).filter(Boolean);
  if (names.length > 1) {
    return (
      `${namesText(names)} are AIs — computer programs, not human beings. ` +
      'You are not talking with a person.'
    );
  }
  return (
    `${names[0] || 'This character'} is an AI — a computer program, not a human being. ` +
    'You are not talking with a person.'
  );
}

/** The crisis notice's words; its resources are listed with it. */
export function crisisNoticeText(characterName: string): string {
  const name = characterName.trim() || 'This character';
  return (
    'It sounds like you may be going through something really painful. You don’t have to face ' +
    'it alone: you can talk to a real person right now, free and confidential. ' +
    `${name} is an AI and can’t help in an emergency. If you are in immediate danger, call your ` +
    'local emergency number.'
  );
}

/**
 * The adults-only notice, and the 403 message of every reply request while the account is
 * paused as a self-declared minor.
 */
export const ADULTS_ONLY_PAUSED_MESSAGE =
  `${APP_NAME} is for adults only (${MINIMUM_AGE}+). You told us you are under ${MINIMUM_AGE}, so ` +
  'chatting on this account is paused until our team reviews it. You can still download or ' +
  'delete your data in Account. If you are an adult, contact us and we will review the pause.';

/** The public page that publishes the protocol (CA SB 243). */
export { SAFETY_PAGE_PATH } from '../routes';

/** A phone number as a tel:/sms: link target (digits and a leading +). */
export function dialable(number: string): string {
  const trimmed = number.trim();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/[^0-9]/g, '');
}
