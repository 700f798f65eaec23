import type { Lorebook } from '../../../shared/character-cards/contract';
import type { ChatMode } from '../../../shared/chat/rules';

/** What a chat prompt is built from (buildChatPrompt): plain data, so the builder stays pure. */

export interface PromptCharacter {
  name: string;
  gender: string;
  description: string;
  personality: string;
  directnessLevel: number;
  sexualPreferences: string[];
  roles: string[];
  includeRoles: boolean;
  settings: { emojis: boolean; actionMessages: boolean };
}

/**
 * An imported card's own prompt texts (issue 47 part 2), each null when the card has none; the
 * card's scenario comes as PromptInput.scenario, its creator notes never.
 */
export interface PromptCard {
  /** What `{{char}}` becomes in the card's texts (V3); the name the prompt calls it stays. */
  nickname: string | null;
  /** `mes_example`: the character's voice in place of its greeting (voice.ts). */
  exampleDialogue: string | null;
  /** Replaces the ground rules but for the adults-only line; `{{original}}` is ours. */
  systemPrompt: string | null;
  /** Added to the reminder before the newest user message; `{{original}}` is ours. */
  postHistoryInstructions: string | null;
}

/** Who the user is: their profile, or the conversation's persona (persona.ts). */
export interface PromptProfile {
  name: string;
  /** Null for a persona: its description says who they are. */
  gender: string | null;
  sexualPreferences: string[];
  /** A persona's description (issue 47 part 5). */
  description?: string | null | undefined;
}

/** A conversation's persona as the prompt reads it (issue 47 part 5). */
export interface PromptPersona {
  name: string;
  description: string;
}

export interface PromptMemory {
  content: string;
  /** Pinned memories always go first; the others are chosen by relevance to the moment. */
  pinned: boolean;
}

export interface HistoryMessage {
  sender: 'user' | 'ai';
  content: string;
}

export interface PromptInput {
  character: PromptCharacter;
  profile: PromptProfile | null;
  mode: ChatMode;
  scenario: string | null;
  /** What the character remembers about this user: pinned first, then newest first. */
  memories: PromptMemory[];
  /**
   * Oldest first; the last entry is normally the user's new message. When it is the character's
   * (Continue, or a reply taken over mid-way), the prompt ends with it as an assistant prefill
   * that the model goes on from.
   */
  history: HistoryMessage[];
  /** The model's context window in tokens (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
  /** Tokens kept free for the reply: the mode's maxTokens (and a reasoning model's thinking). */
  replyTokens?: number;
  /**
   * The crisis protocol's instruction for this reply (decision 0042): how to answer a user who
   * may be thinking about suicide or self-harm. It overrides the character's style.
   */
  safetyInstruction?: string | null | undefined;
  /**
   * How the character writes, shown as an example even after it has left the window: its greeting
   * (voiceExampleOf). Left out while that very message is still in the history sent.
   */
  voiceExample?: string | null | undefined;
  /**
   * What the `{{pick}}` macros of the character's texts and the scenario are stable for (the
   * conversation's id, so a pick stays the same from reply to reply); a fixed seed without it.
   * `{{random}}` and `{{roll}}` are drawn anew at each build.
   */
  macroSeed?: string | undefined;
  /** What the messages that fell out of the window said (issue 46 part 3; nothing fills it yet). */
  earlierSummary?: string | null | undefined;
  /** The character's card texts, for a character imported from a card (PromptCard). */
  card?: PromptCard | null | undefined;
  /**
   * The character's lorebook (issue 47 part 3): its entries triggered by the newest messages go
   * around the character's section (lore.ts).
   */
  lore?: Lorebook | null | undefined;
  /**
   * A group scene (issue 51): the other characters here now, and those away (Story Mode may bring
   * them back). The history is already this character's view of it (only what it witnessed;
   * others' lines labelled with their names).
   */
  scene?: { others: string[]; away?: string[] | undefined } | null | undefined;
}
