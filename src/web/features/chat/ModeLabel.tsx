import type { ChatMode } from '../../../shared/chat/rules';

/** A conversation's mode as the mode chooser names it: Texting, Assistant or Story. */
export function modeName(mode: ChatMode) {
  if (mode === 'immersive') return 'Story';
  // 'message' is an older name of Texting (its replies are bubbles too).
  return mode === 'assistant' ? 'Assistant' : 'Texting';
}

/**
 * The mode as a small word (no icon: the chat's first load has a budget, decision 0018, and the
 * word says it to everyone, screen readers included).
 */
export function ModeLabel({ mode, className = '' }: { mode: ChatMode; className?: string }) {
  return (
    <span className={`shrink-0 font-medium ${className}`} data-testid="mode-label">
      {modeName(mode)}
    </span>
  );
}
