import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { ReadCardResponse } from '../../../shared/character-cards/contract';
import {
  CREATE_GENDERS,
  type CharacterPreference,
  DEFAULT_DIRECTNESS,
} from '../../../shared/characters/catalog';
import { DEFAULT_AVATAR_GRADIENT } from '../../../shared/characters/avatar-gradients';
import { CHARACTER_LIMITS, createCharacterSchema } from '../../../shared/characters/schemas';
import { Button, buttonClass } from '../../components/ui/button';
import { toast, toastAfterReload } from '../../components/ui/toast';
import { rememberCharacter } from './api';
import { useCreateCharacter } from './mutations';
import { AvatarWidget, type AvatarValue } from './components/AvatarWidget';
import { CharacterBasics, type BasicsValues } from './components/CharacterBasics';
import { ChatStyleFields, type ChatStyle } from './components/ChatStyleFields';
import { GreetingsEditor } from './components/GreetingsEditor';
import { ImportWarnings } from './components/ImportWarnings';
import { VoicePicker } from '../voice/VoicePicker';

const basicsSchema = createCharacterSchema.pick({
  name: true,
  description: true,
  gender: true,
  personality: true,
  voice: true,
});

export const EMPTY_BASICS: BasicsValues = {
  name: '',
  description: '',
  gender: '',
  personality: '',
};

export interface Extras extends ChatStyle {
  avatar: AvatarValue;
  greetings: string[];
}

export const DEFAULT_EXTRAS: Extras = {
  avatar: { avatarImage: null, avatarUrl: null, avatarColor: DEFAULT_AVATAR_GRADIENT },
  sexualPreferences: [],
  directnessLevel: DEFAULT_DIRECTNESS,
  includeRoles: false,
  roles: [],
  greetings: [],
};

export function CreateCharacterForm({
  initialBasics,
  initialExtras,
  card = null,
}: {
  initialBasics: BasicsValues;
  initialExtras: Extras;
  /** An imported card (issue 47): its warnings shown, its extras and lorebook sent as they are. */
  card?: ReadCardResponse | null;
}) {
  const [extras, setExtras] = useState<Extras>(initialExtras);
  const form = useForm<BasicsValues & { voice: string | null }>({
    resolver: zodResolver(basicsSchema) as never,
    // The voice is null (the default) unless voice replies are configured and one is picked.
    defaultValues: { ...initialBasics, voice: null },
  });
  const { errors, isSubmitting } = form.formState;
  const create = useCreateCharacter();
  const set = (patch: Partial<Extras>) => setExtras((current) => ({ ...current, ...patch }));
  // The form replaces what the user pressed ('Create manually', 'Generate with AI'): the focus
  // goes on to its first field, not to the page's body.
  const { setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  const submit = form.handleSubmit(async (basics) => {
    try {
      const { id, name } = await create.mutateAsync({
        ...basics,
        // A card Reverie exported brings its type and switches back; others are companions.
        type: card?.draft.reverie?.type ?? 'companion',
        ...(card?.draft.reverie?.settings ? { settings: card.draft.reverie.settings } : {}),
        avatarImage: extras.avatar.avatarImage,
        avatarColor: extras.avatar.avatarColor,
        sexualPreferences: extras.sexualPreferences as CharacterPreference[],
        directnessLevel: extras.directnessLevel,
        includeRoles: extras.includeRoles,
        roles: extras.roles,
        greetings: extras.greetings,
        extras: card?.draft.extras ?? null,
        lorebook: card?.lorebook ?? null,
      });
      toastAfterReload({
        title: 'Character created!',
        description: `${name} has been added to your collection.`,
      });
      rememberCharacter(id);
      // A full navigation, as the spec asks: the chat screen starts fresh with the new character.
      window.location.assign(`/chat?character=${id}`);
    } catch (error) {
      toast({
        title: 'Failed to create character',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 space-y-6 rounded-2xl border border-border bg-surface p-6"
      aria-label="Character details"
    >
      {card && card.warnings.length > 0 && <ImportWarnings warnings={card.warnings} />}
      <AvatarWidget
        name={form.watch('name')}
        value={extras.avatar}
        onChange={(avatar) => set({ avatar })}
      />
      <CharacterBasics
        register={form.register}
        watch={form.watch}
        errors={errors}
        limits={{ ...CHARACTER_LIMITS.create, counters: CHARACTER_LIMITS.counters.create }}
        genders={CREATE_GENDERS}
      />
      <GreetingsEditor value={extras.greetings} onChange={(greetings) => set({ greetings })} />
      <ChatStyleFields value={extras} onChange={set} />
      <Controller
        control={form.control}
        name="voice"
        render={({ field }) => <VoicePicker value={field.value} onChange={field.onChange} />}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link href="/chat" className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create Character'}
        </Button>
      </div>
    </form>
  );
}
