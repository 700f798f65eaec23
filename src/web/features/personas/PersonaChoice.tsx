import { useState } from 'react';
import { hasChoice, usePersonas } from './personas-query';
import { choosePersonaForNewChat, personaForNewChat } from './new-chat-persona';
import { PersonaAvatar } from './PersonaAvatar';

/**
 * On the mode chooser, only for a user with personas besides the profile: who they are in the
 * conversation about to start (the profile unless they pick another). The choice is kept for
 * the send protocol, which creates the conversation with it.
 */
export function PersonaChoice({ characterId }: { characterId: number }) {
  const personas = usePersonas();
  const [picked, setPicked] = useState(() => personaForNewChat(characterId));
  if (!hasChoice(personas.data)) return null;
  // One deleted meanwhile (in another tab) leaves the profile.
  const value = personas.data.some((p) => p.id === picked) ? picked : null;
  const pick = (id: number | null) => {
    setPicked(id);
    choosePersonaForNewChat(characterId, id);
  };
  return (
    <fieldset className="mt-6 w-full max-w-xl">
      <legend className="mx-auto text-sm font-semibold">Chat as</legend>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {personas.data.map((persona) => (
          <label
            key={persona.id ?? 'profile'}
            title={persona.description || undefined}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1 text-sm hover:border-accent has-[:checked]:border-accent has-[:checked]:bg-hover-strong sm:min-h-9"
          >
            <input
              type="radio"
              name={`persona-for-${characterId}`}
              className="size-4 accent-[var(--accent-strong)]"
              checked={value === persona.id}
              onChange={() => pick(persona.id)}
            />
            <PersonaAvatar name={persona.name} avatarUrl={persona.avatarUrl} size="xs" />
            <span className="max-w-48 truncate">{persona.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
