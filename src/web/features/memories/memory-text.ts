import { MEMORY_LIMITS } from '../../../shared/memories/rules';

/**
 * A message's text as a memory's first draft ('Remember this'): roleplay stage directions
 * (`*smiles*`, `*leans closer*`) left out, since a memory is a fact and the prompt reads it as
 * one; bold's markers dropped but its words kept; whitespace collapsed to single spaces; cut to
 * the longest a memory may be. A message that is only a stage direction keeps its words. The
 * user edits the draft before it is saved.
 */
export function memoryDraftOf(message: string) {
  const unbolded = message.replace(/\*\*([^*]+)\*\*/g, '$1');
  const spoken = tidy(unbolded.replace(/\*[^*]+\*/g, ' '));
  return cut(spoken || tidy(unbolded));
}

function tidy(text: string) {
  return text
    .replace(/\*/g, ' ') // an asterisk left without its pair
    .replace(/\s+/g, ' ')
    .replace(/ ([,.!?;:…])/g, '$1') // "Yes *nods* ." → "Yes."
    .replace(/^[\s,;:]+/, '') // what a removed direction left at the start
    .trim();
}

function cut(text: string) {
  const max = MEMORY_LIMITS.contentMaxLength;
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
