/**
 * What a few messages show under their text, as one chunk that MessageView loads when a message
 * needs it: the chat's first load has no room for them (tests/build/chat-budget.test.ts).
 */
export { LoreMarker } from './LoreMarker';
export { UnansweredNote } from './UnansweredNote';
