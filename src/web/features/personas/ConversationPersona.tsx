import { lazy, Suspense, useRef, useState } from 'react';
import { useConversation } from '../chat-data/api';
import { hasChoice, usePersonas } from './personas-query';
import { PersonaAvatar } from './PersonaAvatar';

// A dialog (Radix): fetched when the button is pressed, not with the chat.
const PersonaChooserDialog = lazy(() =>
  import('./PersonaChooserDialog').then((m) => ({ default: m.PersonaChooserDialog })),
);

/**
 * On a phone the header has no room for this button beside 'New' (the character's name went):
 * the 'New' button that follows it shows its + alone, still named 'New chat'. Styled from here,
 * so the chat's first load, where that button is, carries nothing of it.
 */
const NEW_CHAT_AS_ICON =
  'max-sm:[&+button]:w-11 max-sm:[&+button]:justify-center max-sm:[&+button]:gap-0 max-sm:[&+button]:px-0 max-sm:[&+button]:text-[0px]';

/**
 * 'Persona: <name>' in the chat header, for a user with personas besides the profile: who they
 * are in the open conversation, and the chooser that changes it. Nothing otherwise. On a phone
 * the picture alone (the header is narrow), named for screen readers and speech input.
 */
export function ConversationPersona({ conversationId }: { conversationId: number }) {
  const personas = usePersonas();
  const conversation = useConversation(conversationId);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!hasChoice(personas.data) || !conversation.data) return null;
  const currentId = conversation.data.personaId;
  const current = personas.data.find((p) => p.id === currentId);
  const name = current?.name ?? 'Your profile';
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-label={`Persona: ${name}`}
        title={`Persona: ${name}`}
        onClick={() => setOpen(true)}
        className={`inline-flex size-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-border text-sm font-medium hover:bg-hover sm:h-9 sm:w-auto sm:max-w-56 sm:px-2.5 ${NEW_CHAT_AS_ICON}`}
      >
        <PersonaAvatar name={name} avatarUrl={current?.avatarUrl ?? null} size="xs" />
        <span className="hidden truncate sm:inline">Persona: {name}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PersonaChooserDialog
            conversationId={conversationId}
            personas={personas.data}
            currentId={currentId}
            onClose={() => setOpen(false)}
            onCloseAutoFocus={(event) => {
              // Radix has no trigger here to give the focus back to.
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
