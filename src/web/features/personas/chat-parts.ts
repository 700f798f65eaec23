/**
 * The persona parts the chat shows, as one chunk: the choice on the mode chooser, the header's
 * 'Persona' button, the choice kept for the send protocol, and the list they read. The chat's
 * first load has no room for them (tests/build/chat-budget.test.ts): each place loads this
 * module when it needs it, and the other persona modules take these parts from here, so that
 * they stay one file rather than slivers, each named in the chat's first load (a lazily loaded
 * part's files are listed there for preloading).
 */
export { PERSONAS_KEY, hasChoice, usePersonas } from './personas-query';
export { PersonaAvatar } from './PersonaAvatar';
export { PersonaChoice } from './PersonaChoice';
// Also the default: the chat header loads it with the least code (its first load has no room).
export { ConversationPersona, ConversationPersona as default } from './ConversationPersona';
export { forgetPersonaForNewChat, personaForNewChat } from './new-chat-persona';
