import type { KeyboardEvent } from 'react';

/**
 * Every chat text box behaves alike: Enter sends, Shift+Enter adds a line, and Enter while an
 * input method is composing (Japanese, Chinese…) confirms the composition instead of sending.
 * Call preventDefault() and send when this is true.
 */
export function isSendKey(event: KeyboardEvent<HTMLTextAreaElement>) {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
}
