import type { StoryOption } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { completeJson, LLM_EMPTY, LlmError } from '../../integrations/llm';
import { readThread, storeStoryOptions, updateConversationFields } from './chat.repo';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import { modelOf } from './model-policy';
import { buildChatPrompt, estimateTokens, newestWithin } from '../../prompts/chat.prompt';
import { MODEL_SETTINGS, REPLY_TOKENS } from '../../prompts/model-settings';
import {
  scenarioRequest,
  STORY_OPTIONS_JSON_SCHEMA,
  storyOptionsRequest,
  storyOptionsSchema,
} from '../../prompts/story.prompt';

/** Writes the opening scene of a story from the user's idea and keeps it on the conversation. */
export async function generateScenario(
  ctx: AppContext,
  userId: string,
  id: number,
  idea: string | undefined,
) {
  const { conversation, character } = await loadConversationWithCharacter(ctx, userId, id);
  const [system] = buildChatPrompt({
    character,
    profile: null,
    mode: 'immersive',
    scenario: null,
    memories: [],
    history: [],
    contextTokens: contextTokensOf(ctx),
  });
  const completion = await ctx.llm.complete({
    model: modelOf(ctx, conversation),
    ...MODEL_SETTINGS.scenario,
    messages: [system!, scenarioRequest(idea)],
  });
  const scenario = completion.content.trim();
  if (!scenario) throw new LlmError('upstream', LLM_EMPTY, 'empty scenario');
  await updateConversationFields(ctx.db, userId, id, { scenario });
  return { scenario };
}

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
  // Kept with the message they follow: each branch of the story keeps its own.
  await storeStoryOptions(ctx.db, userId, id, recent.at(-1)?.id ?? null, options);
  return { options };
}
