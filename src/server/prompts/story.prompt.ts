import { z } from 'zod';
import { CHAT_LIMITS } from '../../shared/chat/rules';
import { PICTURE_STORY_OPTION } from '../../shared/pictures/rules';
import type { ChatMessage } from '../integrations/llm';
import { jsonSchemaOf } from '../integrations/llm/json';

/** Story mode's opening scene, from the user's idea when they gave one. */
export function scenarioRequest(idea: string | undefined): ChatMessage {
  return {
    role: 'user',
    content:
      'Write the opening scene of our story in two or three vivid paragraphs, in the second ' +
      'person, setting the place, the mood and where we are, ending just before my first ' +
      `move. ${idea ? `My idea for the story: ${idea}` : 'Choose a setting that suits you.'}`,
  };
}

/**
 * Four suggested next actions, from the end of the story (or its scenario at the start). Where
 * pictures can be made (`offerPicture`), the model may make the last one an offer of a picture of
 * the moment, in exactly PICTURE_STORY_OPTION's words (choosing it asks for the picture).
 */
export function storyOptionsRequest(story: string, offerPicture = false): ChatMessage {
  return {
    role: 'user',
    content:
      `The story so far:\n${story || '(it is just beginning)'}\n\n` +
      'Suggest exactly four different things I could do next, each a short first-person ' +
      'action under 15 words.' +
      (offerPicture
        ? ' When this moment would make a striking picture, make the fourth option exactly ' +
          `"${PICTURE_STORY_OPTION}".`
        : '') +
      ' Answer as JSON: {"options":[{"number":1,"option":"..."},…]}.',
  };
}

/** The answer asked for (sent to the model as its JSON Schema). */
const storyOptionsAnswer = z
  .object({
    options: z
      .array(z.object({ number: z.number().int(), option: z.string() }))
      .length(CHAT_LIMITS.storyOptionCount),
  })
  .strict();
export const STORY_OPTIONS_JSON_SCHEMA = jsonSchemaOf('story_options', storyOptionsAnswer);

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
