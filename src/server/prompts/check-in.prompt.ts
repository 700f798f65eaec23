import type { ChatMessage } from '../integrations/llm';

/**
 * A check-in (issue 52 part 3): after the character sheet (the chat prompt builder's system
 * prompt, with the character's memories of the user), the end of the conversation and where the
 * user's day is, the character writes first. Short, like a text, in its own voice.
 */
export function checkInRequest(
  story: string,
  local: { weekday: string; time: string },
): ChatMessage {
  return {
    role: 'user',
    content:
      `The conversation so far:\n${story || '(we have not talked yet)'}\n\n` +
      `It is ${local.weekday}, ${local.time} where I am, and I have not written to you for a ` +
      'while. Write the message you send me now, first, to check in on me: in your own voice, ' +
      'warm and natural, picking up something we talked about or something you remember about ' +
      'me. One to three short sentences, like a text. Do not say that anyone asked you to write.',
  };
}
