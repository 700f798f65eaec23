import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';
import { CREATE_GENDERS, EDIT_GENDERS, type GenderOption } from '../../shared/characters/catalog';
import {
  CHARACTER_LIMITS,
  editCharacterFormSchema,
  type Character,
} from '../../shared/characters/schemas';
import { PageLoader } from '../app/PageLoader';
import { Button, buttonClass } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import { useSession } from '../features/auth/session';
import { parseId } from '../../shared/ids';
import { updateCharacter, useCharacter } from '../features/characters/api';
import { AvatarWidget, type AvatarValue } from '../features/characters/components/AvatarWidget';
import {
  CharacterBasics,
  type BasicsValues,
} from '../features/characters/components/CharacterBasics';
import { SignInPrompt } from '../features/auth/SignInPrompt';
import { usePageTitle } from '../lib/use-page-title';

export default function EditCharacterPage() {
  usePageTitle('Edit Character');
  const { characterId } = useParams<{ characterId: string }>();
  const id = parseId(characterId);
  const { user, isLoading } = useSession();
  const character = useCharacter(user ? id : null);

  if (isLoading) return <PageLoader />;
  if (!user) return <SignInPrompt message="Please sign in to edit your character." />;
  if (character.isError || id === null) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <div className="rounded-2xl border border-border bg-surface p-8 text-center">
          <h1 className="text-2xl font-bold">Character not found</h1>
          <Link href="/chat" className={buttonClass('primary', 'md', 'mt-6')}>
            Back to Chat
          </Link>
        </div>
      </main>
    );
  }
  if (!character.data) {
    return (
      <div
        role="status"
        className="fixed inset-0 flex flex-col items-center justify-center gap-3 bg-main"
      >
        <Loader2 className="size-10 animate-spin text-accent" aria-hidden />
        <p className="text-muted">Loading character…</p>
      </div>
    );
  }
  return <EditForm key={character.data.id} character={character.data} />;
}

function EditForm({ character }: { character: Character }) {
  const [, navigate] = useLocation();
  const [avatar, setAvatar] = useState<AvatarValue>({
    avatarImage: character.avatarImage,
    avatarUrl: character.avatarUrl,
    avatarColor: character.avatarColor,
  });
  const form = useForm<BasicsValues & { type: string }>({
    resolver: zodResolver(editCharacterFormSchema) as never,
    defaultValues: {
      name: character.name,
      description: character.description,
      gender: character.gender,
      personality: character.personality,
      type: character.type,
    },
  });
  const { errors, isSubmitting } = form.formState;
  // Characters created as 'fluid' keep that choice even though the edit list is shorter.
  const current = CREATE_GENDERS.find((g) => g.value === character.gender);
  const genders: GenderOption[] =
    EDIT_GENDERS.some((g) => g.value === character.gender) || !current
      ? [...EDIT_GENDERS]
      : [...EDIT_GENDERS, current];

  const submit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateCharacter(character.id, {
        ...values,
        avatarImage: avatar.avatarImage,
        avatarColor: avatar.avatarColor || 'default',
      });
      toast({ title: 'Success', description: `${updated.name} has been updated!` });
      navigate(`/chat?character=${updated.id}`);
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Failed to update character',
        variant: 'destructive',
      });
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
          <Link
            href={`/chat?character=${character.id}`}
            aria-label="Close"
            className="rounded-md p-1 text-muted hover:text-fg"
          >
            <X className="size-6" aria-hidden />
          </Link>
        </div>
        <AvatarWidget name={form.watch('name')} value={avatar} onChange={setAvatar} />
        <CharacterBasics
          register={form.register}
          watch={form.watch}
          errors={errors}
          limits={{ ...CHARACTER_LIMITS.edit, counters: CHARACTER_LIMITS.counters.edit }}
          genders={genders}
        />
        <input type="hidden" {...form.register('type')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Character'}
          </Button>
        </div>
      </form>
    </main>
  );
}
