import type { StoryOption } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { completeJson, LLM_EMPTY, LlmError } from '../../integrations/llm';
import { updateConversationFields } from './conversations.repo';
import { storeStoryOptions } from './story.repo';
import { readThread } from './thread-read.repo';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import { modelOf } from './model-policy';
import {
  isHarmfulReply,
  noticesForReply,
  noticesForWithheldReply,
  replyCare,
  screenUserMessage,
  withheldReplyText,
} from '../safety';
import { buildChatPrompt, estimateTokens, newestWithin } from '../../prompts/chat.prompt';
import { MODEL_SETTINGS, REPLY_TOKENS } from '../../prompts/model-settings';
import {
  scenarioRequest,
  STORY_OPTIONS_JSON_SCHEMA,
  storyOptionsRequest,
  storyOptionsSchema,
} from '../../prompts/story.prompt';

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
  const { conversation, character } = await loadConversationWithCharacter(ctx, userId, id);
  const care = replyCare(ctx, character.name, { crisis, recentCrisis: false });
  const [system] = buildChatPrompt({
    character,
    profile: null,
    mode: 'immersive',
    scenario: null,
    memories: [],
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

/** Stands in for a suggested action the crisis protocol would not show. */
const SAFE_OPTION = 'Take a slow breath and tell them how you really feel.';

/** Four suggested next actions for the story, stored as the conversation's current options. */
export async function generateOptions(
  ctx: AppContext,
  userId: string,
  id: number,
): Promise<{ options: StoryOption[] }> {
  const { conversation, character } = await loadConversationWithCharacter(ctx, userId, id);
  const recent = await readThread(ctx.db, userId, id, { limit: 12 });
  const [system] = buildChatPrompt({
    character,
    profile: null,
    mode: 'immersive',
    scenario: conversation.scenario,
    memories: [],
    history: [],
    contextTokens: contextTokensOf(ctx),
  });
  // The end of the story, as much as fits beside the character sheet and the answer.
  const budget = contextTokensOf(ctx) - estimateTokens(system!.content) - REPLY_TOKENS;
  const story = newestWithin(
    recent.map((m) => `${m.sender === 'user' ? 'Me' : character.name}: ${m.content}`),
    (line) => line,
    budget,
  ).join('\n\n');
  const options = await completeJson(
    ctx.llm,
    {
      model: modelOf(ctx, conversation),
      ...MODEL_SETTINGS.storyOptions,
      messages: [system!, storyOptionsRequest(story || conversation.scenario || '')],
      jsonSchema: STORY_OPTIONS_JSON_SCHEMA,
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
