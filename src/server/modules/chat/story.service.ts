import type { StoryOption } from '../../../shared/chat/contract';
import type { ChatMode } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { completeJson, LLM_EMPTY, LlmError } from '../../integrations/llm';
import { updateConversationFields } from './conversations.repo';
import { storeStoryOptions } from './story.repo';
import {
  contextTokensOf,
  loadConversationWithCharacter,
  requireNotModerated,
} from './conversation-context';
import { readPromptContext } from './prompt-context.repo';
import { modelOf } from './model-policy';
import {
  isHarmfulReply,
  noticesForReply,
  noticesForWithheldReply,
  replyCare,
  screenUserMessage,
  withheldReplyText,
} from '../safety';
import {
  buildChatPrompt,
  estimateTokens,
  newestWithin,
  promptUser,
} from '../../prompts/chat.prompt';
import { cardPromptFields } from '../characters';
import { MODEL_SETTINGS, REPLY_TOKENS } from '../../prompts/model-settings';
import {
  scenarioRequest,
  STORY_OPTIONS_JSON_SCHEMA,
  storyOptionsRequest,
  storyOptionsSchema,
} from '../../prompts/story.prompt';

/** How many of the story's newest messages its options are made from (then cut to the budget). */
const OPTIONS_HISTORY = 12;

/**
 * What a story's scene or options are written with, in the prompt's one statement (decision
 * 0031): the end of its thread (`limit` messages; none for a scene), the user's profile, what the
 * character remembers (its own summary left out, as for a reply) and the conversation with its
 * character. A conversation that is not the user's, or whose character was deleted, is read again
 * to say which (loadConversationWithCharacter's errors).
 */
export async function readStory(ctx: AppContext, userId: string, id: number, limit: number) {
  const read = await readPromptContext(ctx.db, userId, id, {
    from: limit === 0 ? null : undefined,
    limit,
    maxChars: contextTokensOf(ctx) * 4,
  });
  const { conversation, character } = read.target?.character
    ? { conversation: read.target.conversation, character: read.target.character }
    : await loadConversationWithCharacter(ctx, userId, id);
  requireNotModerated(character);
  return { ...read, conversation, character };
}

/**
 * Who the story is about, as a reply's prompt has it: the character with its card's texts and its
 * lorebook's always-on entries (no message is scanned for keys here), the conversation's persona
 * or the profile, and the `{{pick}}`s the conversation's replies make.
 */
export function storyCharacter(read: Awaited<ReturnType<typeof readStory>>) {
  return {
    character: read.character,
    profile: promptUser(read.profile, read.persona),
    card: cardPromptFields(read.character.cardExtras),
    lore: read.character.lorebook,
    macroSeed: String(read.conversation.id),
  };
}

/**
 * Writes the opening scene of a story from the user's idea and keeps it on the conversation. The
 * idea is screened like any message the user sends (the crisis protocol, decision 0042), the
 * scene checked like any reply, and the story opens with the "not a human" notice.
 */
export async function generateScenario(
  ctx: AppContext,
  userId: string,
  id: number,
  idea: string | undefined,
) {
  const { crisis } = idea
    ? await screenUserMessage(ctx, userId, id, idea, 'story')
    : { crisis: false };
  const read = await readStory(ctx, userId, id, 0);
  const { conversation, character, memories } = read;
  const care = replyCare(ctx, character.name, { crisis, recentCrisis: false });
  const [system] = buildChatPrompt({
    ...storyCharacter(read),
    mode: 'immersive',
    scenario: null,
    memories,
    history: [],
    contextTokens: contextTokensOf(ctx),
    safetyInstruction: care.steering,
  });
  const notices = noticesForReply(ctx, {
    userId,
    conversationId: id,
    characterName: character.name,
    afterMessageId: null,
    crisis,
  });
  notices.catch(() => undefined); // awaited below
  const completion = await ctx.llm.complete({
    model: modelOf(ctx, conversation),
    ...MODEL_SETTINGS.scenario,
    messages: [system!, scenarioRequest(idea)],
    usage: { userId, purpose: 'story' },
  });
  care.guard.push(completion.content);
  const withheld = care.guard.finish().withheld;
  const scenario = withheld
    ? withheldReplyText(ctx.config.safety.crisisResources)
    : completion.content.trim();
  if (!scenario) throw new LlmError('upstream', LLM_EMPTY, 'empty scenario');
  const shown = await notices;
  if (withheld) {
    shown.push(
      ...(await noticesForWithheldReply(ctx, {
        userId,
        conversationId: id,
        characterName: character.name,
        afterMessageId: null,
      })),
    );
  }
  await updateConversationFields(ctx.db, userId, id, { scenario });
  return { scenario, notices: shown };
}

/**
 * What a call about the story is asked with: the character sheet (the system prompt a reply in
 * `mode` has), and the end of the conversation as lines ('Me: …', '{name}: …'), as much as fits
 * beside the sheet and the answer. Story options' and a picture's scene's.
 */
export function sheetAndStory(ctx: AppContext, read: StoryRead, mode: ChatMode) {
  const { conversation, character, memories, history } = read;
  const [system] = buildChatPrompt({
    ...storyCharacter(read),
    mode,
    scenario: conversation.scenario,
    memories,
    history: [],
    contextTokens: contextTokensOf(ctx),
  });
  const budget = contextTokensOf(ctx) - estimateTokens(system!.content) - REPLY_TOKENS;
  const story = newestWithin(
    history.map((m) => `${m.sender === 'user' ? 'Me' : character.name}: ${m.content}`),
    (line) => line,
    budget,
  ).join('\n\n');
  return { system: system!, story };
}

export type StoryRead = Awaited<ReturnType<typeof readStory>>;

/** Stands in for a suggested action the crisis protocol would not show. */
const SAFE_OPTION = 'Take a slow breath and tell them how you really feel.';

/** Four suggested next actions for the story, stored as the conversation's current options. */
export async function generateOptions(
  ctx: AppContext,
  userId: string,
  id: number,
): Promise<{ options: StoryOption[] }> {
  const read = await readStory(ctx, userId, id, OPTIONS_HISTORY);
  const { conversation, history: recent } = read;
  const { system, story } = sheetAndStory(ctx, read, 'immersive');
  const options = await completeJson(
    ctx.llm,
    {
      model: modelOf(ctx, conversation),
      ...MODEL_SETTINGS.storyOptions,
      messages: [
        system,
        storyOptionsRequest(story || conversation.scenario || '', ctx.images.configured),
      ],
      jsonSchema: STORY_OPTIONS_JSON_SCHEMA,
      usage: { userId, purpose: 'story' },
    },
    storyOptionsSchema,
  );
  // A suggested action is the user's to pick, but the model wrote it: one that gives self-harm
  // methods or encouragement is replaced by a harmless one (the crisis protocol).
  const safe = options.map((o) =>
    isHarmfulReply(o.option, true) ? { ...o, option: SAFE_OPTION } : o,
  );
  // Kept with the message they follow: each branch of the story keeps its own.
  await storeStoryOptions(ctx.db, userId, id, recent.at(-1)?.id ?? null, safe);
  return { options: safe };
}
