import { Check, Loader2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { CONVERSATION_TITLE_EMPTY, CONVERSATION_TITLE_MAX } from '../../../shared/chat/rules';
import { Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useRenameConversation } from './rename-mutation';

const ACTION =
  'flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover-strong hover:text-fg md:size-9';

/**
 * A conversation's name, edited in its place in Recent Chats: Enter (or ✓) saves, Escape (or ✕)
 * leaves it as it was. Either way `onDone` is told, and the focus goes back to the menu's button
 * in its `row`, where Rename was chosen.
 */
export function RenameConversationField({
  conversation,
  row,
  onDone: close,
}: {
  conversation: { id: number; title: string };
  row: RefObject<HTMLElement | null>;
  onDone: () => void;
}) {
  const onDone = () => {
    close();
    // Once the row has its menu again (this field is gone by then).
    setTimeout(() => row.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus());
  };
  const rename = useRenameConversation();
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const save = async () => {
    const name = title.trim();
    if (name === conversation.title) return onDone();
    if (!name) return setError(CONVERSATION_TITLE_EMPTY);
    try {
      await rename.mutateAsync({ id: conversation.id, title: name });
      toast({ title: 'Conversation renamed' });
      onDone();
    } catch (cause) {
      setError(
        cause instanceof ApiError ? cause.message : 'Could not rename the conversation. Try again.',
      );
      input.current?.focus();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Leaves the name as it was, and only that: a phone's sidebar stays open.
    event.preventDefault();
    event.stopPropagation();
    onDone();
  };

  return (
    <form
      className="min-w-0 flex-1 p-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!rename.isPending) void save();
      }}
    >
      <div className="flex items-center gap-1">
        <Input
          ref={input}
          aria-label="Conversation name"
          value={title}
          maxLength={CONVERSATION_TITLE_MAX}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className="h-11 min-w-0 flex-1 px-2 md:h-9"
        />
        <button type="submit" className={ACTION} aria-label="Save name" title="Save name">
          {rename.isPending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Check className="size-4" aria-hidden />
          )}
        </button>
        <button
          type="button"
          className={ACTION}
          aria-label="Cancel renaming"
          title="Cancel renaming"
          onClick={onDone}
          onKeyDown={onKeyDown}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 px-1 text-xs text-error">
          {error}
        </p>
      )}
    </form>
  );
}
