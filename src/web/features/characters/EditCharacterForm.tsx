import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  CREATE_GENDERS,
  EDIT_GENDERS,
  type GenderOption,
} from '../../../shared/characters/catalog';
import type { Character } from '../../../shared/characters/contract';
import { CHARACTER_LIMITS } from '../../../shared/characters/schemas';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/toast';
import { useUpdateCharacter } from './mutations';
import { AvatarWidget, type AvatarValue } from './components/AvatarWidget';
import { CharacterBasics } from './components/CharacterBasics';
import { ChatSettingsSection } from './components/ChatSettingsSection';
import { GreetingsEditor } from './components/GreetingsEditor';
import { VoicePicker } from '../voice/VoicePicker';
import {
  chatSettingsInput,
  editFormSchema,
  initialChatSettings,
  useLeaveWithoutSaving,
  type EditFormValues,
} from './edit-character-values';

// Its own chunk, below the form: nothing of it is needed to edit the character.
const CheckInsSection = lazy(() =>
  import('../notifications/CheckInsSection').then((m) => ({ default: m.CheckInsSection })),
);

/**
 * The one place to edit a character: who they are (avatar, basics, greetings) and how they chat
 * (what the settings screen held). Update saves it all; Cancel leaves without saving. Below, the
 * check-ins, saved on their own.
 */
export function EditCharacterForm({ character }: { character: Character }) {
  const [, navigate] = useLocation();
  const leave = useLeaveWithoutSaving(character.id);
  const update = useUpdateCharacter();
  const [avatar, setAvatar] = useState<AvatarValue>({
    avatarImage: character.avatarImage,
    avatarUrl: character.avatarUrl,
    avatarColor: character.avatarColor,
  });
  const [greetings, setGreetings] = useState<string[]>(character.greetings);
  const [settings, setSettings] = useState(() => initialChatSettings(character));
  const form = useForm<EditFormValues>({
    resolver: zodResolver(editFormSchema) as never,
    defaultValues: {
      name: character.name,
      description: character.description,
      gender: character.gender,
      personality: character.personality,
      type: character.type,
      voice: character.voice ?? null,
    },
  });
  const { errors, isSubmitting } = form.formState;
  // Characters created as 'fluid' keep that choice even though the edit list is shorter.
  const current = CREATE_GENDERS.find((g) => g.value === character.gender);
  const genders: GenderOption[] =
    EDIT_GENDERS.some((g) => g.value === character.gender) || !current
      ? [...EDIT_GENDERS]
      : [...EDIT_GENDERS, current];

  const submit = form.handleSubmit(async ({ voice, ...values }) => {
    try {
      const updated = await update.mutateAsync({
        id: character.id,
        input: {
          ...values,
          // Sent only when changed: a voice no longer offered must not block saving the rest.
          ...(voice !== (character.voice ?? null) ? { voice } : {}),
          avatarImage: avatar.avatarImage,
          avatarColor: avatar.avatarColor || 'default',
          greetings,
          ...chatSettingsInput(settings),
        },
      });
      toast({ title: 'Success', description: `${updated.name} has been updated!` });
      navigate(`/chat?character=${updated.id}`);
    } catch (error) {
      toastError(error, 'Failed to update character');
    }
  });

  return (
    <main className="min-h-screen bg-main px-4 py-6 sm:py-10">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="edit-title"
        className="relative mx-auto max-w-2xl space-y-6 rounded-2xl border border-border bg-surface p-6"
      >
        <div className="flex items-start justify-between gap-4">
          <h1 id="edit-title" className="text-2xl font-extrabold">
            Edit Character
          </h1>
          <button
            type="button"
            onClick={leave}
            aria-label="Close"
            className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover-strong hover:text-fg"
          >
            <X className="size-6" aria-hidden />
          </button>
        </div>
        <AvatarWidget name={form.watch('name')} value={avatar} onChange={setAvatar} />
        <CharacterBasics
          register={form.register}
          watch={form.watch}
          errors={errors}
          limits={{ ...CHARACTER_LIMITS.edit, counters: CHARACTER_LIMITS.counters.edit }}
          genders={genders}
        />
        <GreetingsEditor value={greetings} onChange={setGreetings} />
        <input type="hidden" {...form.register('type')} />
        <ChatSettingsSection
          name={character.name}
          value={settings}
          onChange={(patch) => setSettings((prev) => ({ ...prev, ...patch }))}
        >
          <Controller
            control={form.control}
            name="voice"
            render={({ field }) => <VoicePicker value={field.value} onChange={field.onChange} />}
          />
        </ChatSettingsSection>
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={leave}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Character'}
          </Button>
        </div>
      </form>
      <Suspense fallback={null}>
        <CheckInsSection characterId={character.id} name={character.name} />
      </Suspense>
    </main>
  );
}
