import { z } from 'zod';
import type { ChatMessage } from '../integrations/llm';
import { jsonSchemaOf } from '../integrations/llm/json';

/**
 * A group scene's prompts (issue 51). Each character's reply is built by the chat prompt builder
 * from that character alone; these are the two things a scene adds: the short section saying who
 * is here (so the character knows whom it shares the scene with, and writes only its own part),
 * and the question of who speaks next when the user did not say.
 */

/**
 * The system section of a scene's reply: who is here, and that the character writes only itself.
 * In Story Mode the story may also move characters in and out (`away`: those who may come back),
 * said on a line of its own that storyPresence reads.
 */
export function sceneSection(
  names: { char: string; user: string },
  scene: { others: readonly string[]; away?: readonly string[] | undefined },
  story: boolean,
) {
  const here = scene.others.length ? scene.others.join(', ') : 'nobody else';
  const moves = story
    ? ' When the story makes a character leave the scene, or brings back one who is away' +
      (scene.away?.length ? ` (${scene.away.join(', ')})` : '') +
      ', end with a line of its own: (Name leaves the scene) or (Name enters the scene).'
    : '';
  return (
    `## The scene\nThis is a group scene. Here now with ${names.char} and ${names.user}: ${here}. ` +
    'The others’ lines come with their names in front. ' +
    `Write only ${names.char}’s own words and actions, never ${names.user}’s or another character’s, ` +
    `and do not put ${names.char}’s name in front of the reply.${moves}`
  );
}

/**
 * The characters a Story Mode reply moved (its last lines, as sceneSection asks for them), by
 * name as written: who left and who entered.
 */
export function storyPresence(text: string): { name: string; here: boolean }[] {
  const moves: { name: string; here: boolean }[] = [];
  for (const line of text.split('\n').slice(-4)) {
    const found =
      /^\(\s*(.{1,80}?)\s+(enters|leaves|returns to|comes back to)\s+the scene\s*\)\.?$/iu.exec(
        line.trim(),
      );
    if (found) moves.push({ name: found[1]!, here: found[2]!.toLowerCase() !== 'leaves' });
  }
  return moves;
}

/** How a line of someone else's is shown to a character: their name in front, as a script. */
export const sceneLine = (name: string, content: string) => `${name}: ${content}`;

/** The next-speaker question: the scene's end, and the names of those present to choose from. */
export function nextSpeakerMessages(
  user: string,
  present: readonly string[],
  transcript: string,
): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        `You direct a group scene between ${user} and these characters: ${present.join(', ')}. ` +
        'Read the end of the scene and say which of these characters speaks next: the one ' +
        `${user} addressed, else the one whose turn it naturally is. Answer as JSON: ` +
        '{"speaker":"<one of the names>"}.',
    },
    { role: 'user', content: transcript || '(the scene is just beginning)' },
  ];
}

const nextSpeakerAnswer = z.object({ speaker: z.string() }).strict();
export const NEXT_SPEAKER_JSON_SCHEMA = jsonSchemaOf('next_speaker', nextSpeakerAnswer);
export const nextSpeakerSchema = z.object({ speaker: z.string().trim().min(1) });
