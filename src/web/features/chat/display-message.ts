import type { Attachment, LoreMark } from '../../../shared/chat/contract';

/** A message as the thread shows it: stored, being sent, or typed while out of credits. */
export interface DisplayMessage {
  id: number | string;
  sender: 'user' | 'ai';
  content: string;
  /** Typed while out of credits: never sent, kept in the thread until sent again. */
  unanswered?: boolean;
  /** Stored messages: the message this one follows, and its alternatives (itself included). */
  parentId?: number | null;
  siblingIds?: number[];
  /** A stored reply: the lorebook entries its prompt carried (LoreMarker.tsx). */
  lore?: LoreMark[];
  /** A stored message's pictures (issue 50 part 3: 'Send me a picture'; PictureAttachments.tsx). */
  attachments?: Attachment[];
  /** A group scene's character message: the character who said it (issue 51; SpeakerLabel.tsx). */
  speakerId?: number;
}
