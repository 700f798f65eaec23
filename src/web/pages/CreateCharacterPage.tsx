import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Loader2, PenLine, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  CHARACTER_PREFERENCES,
  CREATE_GENDERS,
  type CharacterPreference,
  DEFAULT_AVATAR_GRADIENT,
  DEFAULT_DIRECTNESS,
} from '../../shared/characters/catalog';
import { CHARACTER_LIMITS, createCharacterSchema } from '../../shared/characters/schemas';
import { PageLoader } from '../app/PageLoader';
import { Button, buttonClass } from '../components/ui/button';
import { Textarea } from '../components/ui/form';
import { toast, toastAfterReload } from '../components/ui/toast';
import { useSession } from '../features/auth/session';
import {
  createCharacter,
  generateCharacter,
  rememberCharacter,
  type GeneratedCharacter,
} from '../features/characters/api';
import { AvatarWidget, type AvatarValue } from '../features/characters/components/AvatarWidget';
import {
  CharacterBasics,
  type BasicsValues,
} from '../features/characters/components/CharacterBasics';
import { DirectnessSlider } from '../features/characters/components/DirectnessSlider';
import { ToggleChips } from '../components/ui/toggle-chips';
import { RolePicker } from '../features/characters/components/RolePicker';
import { SignInPrompt } from '../features/auth/SignInPrompt';
import { usePageTitle } from '../lib/use-page-title';

const basicsSchema = createCharacterSchema.pick({
  name: true,
  description: true,
  gender: true,
  personality: true,
});

const EMPTY_BASICS: BasicsValues = { name: '', description: '', gender: '', personality: '' };

interface Extras {
  avatar: AvatarValue;
  sexualPreferences: string[];
  directnessLevel: number;
  includeRoles: boolean;
  roles: string[];
}

const DEFAULT_EXTRAS: Extras = {
  avatar: { avatarImage: null, avatarUrl: null, avatarColor: DEFAULT_AVATAR_GRADIENT },
  sexualPreferences: [],
  directnessLevel: DEFAULT_DIRECTNESS,
  includeRoles: false,
  roles: [],
};

export default function CreateCharacterPage() {
  usePageTitle('Create Character');
  const { user, isLoading } = useSession();
  const [step, setStep] = useState<'intro' | 'form'>('intro');
  const [draft, setDraft] = useState<{ basics: BasicsValues; extras: Extras }>({
    basics: EMPTY_BASICS,
    extras: DEFAULT_EXTRAS,
  });

  if (isLoading) return <PageLoader />;
  if (!user) return <SignInPrompt message="Please sign in to create a character." />;

  const useGenerated = (g: GeneratedCharacter) => {
    setDraft({
      basics: {
        name: g.name,
        description: g.description,
        gender: g.gender,
        personality: g.personality,
      },
      extras: {
        avatar: { avatarImage: g.avatarImage, avatarUrl: g.avatarUrl, avatarColor: g.avatarColor },
        sexualPreferences: g.sexualPreferences,
        directnessLevel: g.directnessLevel,
        includeRoles: g.includeRoles,
        roles: g.roles,
      },
    });
    setStep('form');
  };

  return (
    <main className="min-h-screen bg-main px-4 py-6 sm:py-10">
      <div className="mx-auto max-w-2xl">
        <Link href="/chat" className={buttonClass('ghost', 'sm')}>
          <ArrowLeft className="size-4" aria-hidden /> Back to Chat
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold">Create New Character</h1>
        {step === 'intro' ? (
          <IntroStep onGenerated={useGenerated} onManual={() => setStep('form')} />
        ) : (
          <CharacterForm
            // A new generation replaces the whole form.
            key={draft.basics.name}
            initialBasics={draft.basics}
            initialExtras={draft.extras}
          />
        )}
      </div>
    </main>
  );
}

function IntroStep({
  onGenerated,
  onManual,
}: {
  onGenerated: (g: GeneratedCharacter) => void;
  onManual: () => void;
}) {
  const [prompt, setPrompt] = useState('');
  const [generating, setGenerating] = useState(false);
  const promptId = useId();

  const generate = async () => {
    if (!prompt.trim()) return;
    setGenerating(true);
    try {
      onGenerated(await generateCharacter(prompt.trim()));
    } catch (error) {
      toast({
        title: 'Generation failed',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setGenerating(false);
    }
  };

  return (
    <>
      {/* While generating, the overlay is the only thing to interact with. */}
      <div inert={generating}>
        <section
          className="mt-6 rounded-2xl border border-border bg-surface p-6"
          aria-labelledby="ai-title"
        >
          <h2 id="ai-title" className="flex items-center gap-2 text-xl font-bold">
            <Sparkles className="size-5 text-accent" aria-hidden /> Generate with AI
          </h2>
          <label htmlFor={promptId} className="mt-2 block text-sm text-muted">
            Describe your character and let the AI write the rest. You can change everything after.
          </label>
          <Textarea
            id={promptId}
            rows={4}
            className="mt-3"
            value={prompt}
            maxLength={1000}
            placeholder="e.g. A confident vampire countess who runs a jazz club in 1920s Paris"
            onChange={(e) => setPrompt(e.target.value)}
          />
          <Button
            className="mt-4 w-full sm:w-auto"
            disabled={!prompt.trim() || generating}
            onClick={generate}
          >
            <Sparkles className="size-4" aria-hidden /> Generate with AI
          </Button>
        </section>
        <div className="my-6 flex items-center gap-3 text-xs text-muted uppercase" aria-hidden>
          <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
        </div>
        <Button variant="secondary" className="w-full" onClick={onManual}>
          <PenLine className="size-4" aria-hidden /> Create manually
        </Button>
      </div>
      {generating && (
        <div
          role="status"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-main/95 backdrop-blur"
        >
          <Loader2 className="size-12 animate-spin text-accent" aria-hidden />
          <p className="text-xl font-bold">Generating your character</p>
          <p className="text-sm text-muted">Writing a personality just for you…</p>
        </div>
      )}
    </>
  );
}

function CharacterForm({
  initialBasics,
  initialExtras,
}: {
  initialBasics: BasicsValues;
  initialExtras: Extras;
}) {
  const [extras, setExtras] = useState<Extras>(initialExtras);
  const form = useForm<BasicsValues>({
    resolver: zodResolver(basicsSchema) as never,
    defaultValues: initialBasics,
  });
  const { errors, isSubmitting } = form.formState;
  const includeRolesId = useId();
  const set = (patch: Partial<Extras>) => setExtras((current) => ({ ...current, ...patch }));

  const submit = form.handleSubmit(async (basics) => {
    try {
      const { id, name } = await createCharacter({
        ...basics,
        type: 'companion',
        avatarImage: extras.avatar.avatarImage,
        avatarColor: extras.avatar.avatarColor,
        sexualPreferences: extras.sexualPreferences as CharacterPreference[],
        directnessLevel: extras.directnessLevel,
        includeRoles: extras.includeRoles,
        roles: extras.roles,
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
      <ToggleChips
        label="Sexual preferences"
        options={CHARACTER_PREFERENCES}
        value={extras.sexualPreferences}
        onChange={(sexualPreferences) => set({ sexualPreferences })}
      />
      <DirectnessSlider
        id="create-directness"
        value={extras.directnessLevel}
        onChange={(directnessLevel) => set({ directnessLevel })}
      />
      <div className="space-y-3">
        <div className="flex items-center gap-2">
          <input
            id={includeRolesId}
            type="checkbox"
            className="size-4 accent-[var(--accent-strong)]"
            checked={extras.includeRoles}
            onChange={(e) => set({ includeRoles: e.target.checked })}
          />
          <label htmlFor={includeRolesId} className="text-sm font-medium">
            Include character roles/professions
          </label>
        </div>
        {extras.includeRoles && (
          <RolePicker value={extras.roles} onChange={(roles: string[]) => set({ roles })} />
        )}
      </div>
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
