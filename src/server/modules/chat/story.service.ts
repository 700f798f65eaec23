import { z } from 'zod';
import { CHAT_LIMITS, type StoryOption } from '../../../shared/chat';
import type { AppContext } from '../../context';
import { completeJson, LLM_EMPTY, LlmError } from '../../integrations/llm';
import { listMessages, updateConversationFields } from '../conversations/conversations.repo';
import { contextTokensOf, loadConversationWithCharacter, modelOf } from './conversation-context';
import { buildChatPrompt, estimateTokens, newestWithin, REPLY_TOKENS } from './prompt-builder';

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
    temperature: 0.9,
    maxTokens: 600,
    messages: [
      system!,
      {
        role: 'user',
        content:
          'Write the opening scene of our story in two or three vivid paragraphs, in the second ' +
          'person, setting the place, the mood and where we are, ending just before my first ' +
          `move. ${idea ? `My idea for the story: ${idea}` : 'Choose a setting that suits you.'}`,
      },
    ],
  });
  const scenario = completion.content.trim();
  if (!scenario) throw new LlmError('upstream', LLM_EMPTY, 'empty scenario');
  await updateConversationFields(ctx.db, userId, id, { scenario });
  return { scenario };
}

const optionsJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['options'],
  properties: {
    options: {
      type: 'array',
      minItems: CHAT_LIMITS.storyOptionCount,
      maxItems: CHAT_LIMITS.storyOptionCount,
      items: {
        type: 'object',
        required: ['number', 'option'],
        properties: { number: { type: 'integer' }, option: { type: 'string' } },
      },
    },
  },
} as const;

/**
 * Reads the model's options tolerantly: `{ options: [...] }` or a bare array, items as objects or
 * plain strings; numbers are reassigned 1–4. Exactly four non-empty options are required.
 */
export const storyOptionsSchema = z.preprocess(
  (raw) => {
    const list = Array.isArray(raw) ? raw : (raw as { options?: unknown } | null)?.options;
    if (!Array.isArray(list)) return raw;
    return list.map((item, index) => ({
      number: index + 1,
      option: (typeof item === 'string' ? item : ((item as { option?: unknown })?.option ?? ''))
        .toString()
        .trim()
        .slice(0, 200),
    }));
  },
  z
    .array(z.object({ number: z.number(), option: z.string().min(1) }))
    .length(CHAT_LIMITS.storyOptionCount, 'Exactly four options are needed'),
);

/** Four suggested next actions for the story, stored as the conversation's current options. */
export async function generateOptions(
  ctx: AppContext,
  userId: string,
  id: number,
): Promise<{ options: StoryOption[] }> {
  const { conversation, character } = await loadConversationWithCharacter(ctx, userId, id);
  const recent = (await listMessages(ctx.db, userId, id, { limit: 12 })).reverse();
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
      temperature: 0.9,
      messages: [
        system!,
        {
          role: 'user',
          content:
            `The story so far:\n${story || conversation.scenario || '(it is just beginning)'}\n\n` +
            'Suggest exactly four different things I could do next, each a short first-person ' +
            'action under 15 words. Answer as JSON: {"options":[{"number":1,"option":"..."},…]}.',
        },
      ],
      jsonSchema: { name: 'story_options', schema: optionsJsonSchema },
    },
    storyOptionsSchema,
  );
  await updateConversationFields(ctx.db, userId, id, { currentOptions: options });
  return { options };
}
