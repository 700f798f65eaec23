import { z } from 'zod';
import type { ChatMessage } from '../integrations/llm';
import { jsonSchemaOf } from '../integrations/llm/json';

/**
 * A picture in chat (issue 50 part 3), in two steps. First the character's model, with its
 * character sheet (the chat prompt builder's system prompt), reads the end of the conversation
 * and describes the picture it sends: what it shows (`scene`, for the image model) and what it
 * says as it sends it (`caption`, in its own voice). Then picturePrompt frames that for the image
 * model with the character's look and the adults-only statement every picture carries.
 */

/** The longest scene description kept (an image prompt beyond this only dilutes). */
export const PICTURE_SCENE_MAX = 600;
const CAPTION_MAX = 240;

/** What the model is asked for after the character sheet. */
export function pictureSceneRequest(story: string, wish: string | undefined): ChatMessage {
  return {
    role: 'user',
    content:
      `The conversation so far:\n${story || '(it is just beginning)'}\n\n` +
      'I ask you to send me a picture of yourself right now' +
      (wish ? `, showing: ${wish}` : ', as things are in our conversation') +
      '. Describe the picture for an illustrator in one paragraph under 80 words: you (how you ' +
      'look, what you wear, your pose and expression), the place, the light and the mood. ' +
      'Everyone in it is an adult. Then write the short message you send with it, in your own ' +
      'voice. Answer as JSON: {"scene":"...","caption":"..."}.',
  };
}

const pictureSceneAnswer = z.object({ scene: z.string(), caption: z.string() }).strict();
export const PICTURE_SCENE_JSON_SCHEMA = jsonSchemaOf('picture_scene', pictureSceneAnswer);

/** Reads the model's answer tolerantly: a missing caption is fine, an empty scene is not. */
export const pictureSceneSchema = z.preprocess(
  (raw) => {
    const answer = (raw ?? {}) as { scene?: unknown; caption?: unknown };
    const text = (value: unknown, max: number) =>
      typeof value === 'string' ? value.trim().replace(/\s+/gu, ' ').slice(0, max) : '';
    return {
      scene: text(answer.scene, PICTURE_SCENE_MAX),
      caption: text(answer.caption, CAPTION_MAX),
    };
  },
  z.object({ scene: z.string().min(1, 'The picture needs a scene'), caption: z.string() }),
);
export type PictureScene = z.output<typeof pictureSceneSchema>;

/** Who is pictured: the character's name and its look as its definition gives it. */
export interface PictureSubject {
  name: string;
  gender: string | null;
  description: string;
}

const LOOK_MAX = 700;

/**
 * The image model's prompt: always states that everyone depicted is an adult, whatever the scene
 * (DESIGN: the adults-only rule applies to image prompts); no text or watermark in the image.
 */
export function picturePrompt(subject: PictureSubject, scene: string): string {
  const look = subject.description.trim().replace(/\s+/gu, ' ').slice(0, LOOK_MAX);
  return [
    `A picture of ${subject.name}, a fictional adult character${subject.gender ? ` (${subject.gender})` : ''}.`,
    'Everyone depicted is an adult, clearly over 18.',
    look ? `Their look: ${look}` : '',
    `The picture: ${scene}`,
    'Natural, detailed, cinematic light; no text, no watermark.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The message the picture arrives in: an action the voice does not read, then the caption. */
export function pictureMessageText(caption: string): string {
  return caption ? `*sends you a picture*\n\n${caption}` : '*sends you a picture*';
}
