import { Check } from 'lucide-react';
import { useId } from 'react';
import type { Persona } from '../../../shared/personas/contract';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import { useSetConversationPersona } from './conversation-persona';
import { PersonaAvatar } from './chat-parts';

/**
 * The chat header's 'Persona' chooser: who the user is in this conversation from the next
 * message on. One press chooses (and closes); the current one is marked and has the focus.
 */
export function PersonaChooserDialog({
  conversationId,
  personas,
  currentId,
  onClose,
  onCloseAutoFocus,
}: {
  conversationId: number;
  personas: Persona[];
  currentId: number | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const choose = useSetConversationPersona();
  const ids = useId();
  const pick = async (persona: Persona) => {
    if (persona.id === currentId) return onClose();
    try {
      await choose.mutateAsync({ id: conversationId, personaId: persona.id });
      toast({ title: `You are ${persona.name} in this chat` });
      onClose();
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Who are you in this chat?"
      description="Replies from now on know you by the persona you pick."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <ul aria-label="Personas" className="space-y-2">
        {personas.map((persona) => {
          const current = persona.id === currentId;
          // Named by the name alone, described by the rest.
          const id = `${ids}-${persona.id ?? 'profile'}`;
          return (
            <li key={persona.id ?? 'profile'}>
              <button
                type="button"
                aria-pressed={current}
                aria-labelledby={`${id}-name`}
                aria-describedby={`${id}-about`}
                autoFocus={current}
                // Busy, not disabled, while one is chosen: the pressed one keeps the focus.
                aria-disabled={choose.isPending || undefined}
                onClick={() => !choose.isPending && void pick(persona)}
                className={`flex min-h-11 w-full items-center gap-3 rounded-xl border p-3 text-left hover:bg-hover-strong aria-disabled:opacity-60 ${current ? 'border-accent' : 'border-border'}`}
              >
                <PersonaAvatar name={persona.name} avatarUrl={persona.avatarUrl} />
                <span className="min-w-0 flex-1">
                  <span id={`${id}-name`} className="block truncate text-sm font-semibold">
                    {persona.name}
                  </span>
                  <span id={`${id}-about`} className="line-clamp-2 text-xs text-muted">
                    {persona.id === null ? 'Your profile' : persona.description}
                  </span>
                </span>
                {current && <Check className="size-4 shrink-0 text-accent" aria-hidden />}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
