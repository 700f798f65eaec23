import { X } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { CONVERSATION_SEARCH_MAX } from '../../../shared/chat/rules';

/**
 * The search box above the conversations: titles and messages, searched as the user types.
 * ✕ (or Escape) empties it and leaves the focus in it. `onFirstUse` is told when a pointer or
 * the focus reaches it (the results' chunk is fetched then, before the first word).
 */
export function ConversationSearchBox({
  value,
  onChange,
  onFirstUse,
}: {
  value: string;
  onChange: (value: string) => void;
  onFirstUse: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    onChange('');
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // An empty box lets Escape through (it closes a phone's sidebar).
    if (event.key !== 'Escape' || value === '') return;
    event.preventDefault();
    event.stopPropagation();
    clear();
  };
  return (
    <div className="relative mt-2 px-1">
      <input
        ref={input}
        // A text box in the searchbox role: type="search" would draw the browser's own small ✕.
        role="searchbox"
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onFirstUse}
        onPointerEnter={onFirstUse}
        maxLength={CONVERSATION_SEARCH_MAX}
        aria-label="Search chats"
        placeholder="Search chats..."
        autoComplete="off"
        className="h-11 w-full rounded-lg border border-border bg-main pr-11 pl-3 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none md:h-9 md:pr-9"
      />
      {value !== '' && (
        <button
          type="button"
          onClick={clear}
          aria-label="Clear search"
          title="Clear search"
          className="absolute top-0 right-1 flex size-11 items-center justify-center rounded-lg text-muted hover:text-fg md:size-9"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
