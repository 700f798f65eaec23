import { Collapsible, Switch } from 'radix-ui';
import { ChevronDown, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import {
  CHARACTER_PREFERENCES,
  DEFAULT_DIRECTNESS,
  MAX_DIRECTNESS,
  MIN_DIRECTNESS,
  type CharacterPreference,
} from '../../../shared/characters/catalog';
import type { Character } from '../../../shared/characters/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useUpdateCharacter } from './mutations';
import { DirectnessSlider } from './components/DirectnessSlider';
import { ToggleChips } from '../../components/ui/toggle-chips';
import { RolePicker } from './components/RolePicker';
import { ApiError } from '../../lib/api';

interface SettingsValues {
  emojis: boolean;
  actionMessages: boolean;
  directnessLevel: number;
  sexualPreferences: string[];
  roles: string[];
  includeRoles: boolean;
}

const PREFERENCE_SET: ReadonlySet<string> = new Set(CHARACTER_PREFERENCES);
const isPreference = (p: string): p is CharacterPreference => PREFERENCE_SET.has(p);

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

const chatPath = (id: number) => `/chat?character=${id}`;

/**
 * Whether "back" stays on this site. The Navigation API only lists same-origin entries, so it
 * also catches a tab opened straight onto this page; elsewhere fall back to the history length.
 */
function canGoBackInApp() {
  const navigation = (window as { navigation?: { canGoBack?: unknown } }).navigation;
  return typeof navigation?.canGoBack === 'boolean'
    ? navigation.canGoBack
    : window.history.length > 1;
}

/** One toast per failed load (a ref, so React's dev double-run of effects does not repeat it). */
export function useLoadErrorToast(error: unknown) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({
      title: 'Error',
      description: serverMessage(error, 'Failed to load character settings.'),
      variant: 'destructive',
    });
  }, [error]);
}

/** The stored character with defaults for anything an older record may lack. */
function initialValues(character: Character): SettingsValues {
  const c = character as Partial<Omit<Character, 'settings'>> & {
    settings?: Partial<Character['settings']> | null;
  };
  const level = typeof c.directnessLevel === 'number' ? Math.round(c.directnessLevel) : NaN;
  return {
    emojis: c.settings?.emojis ?? true,
    actionMessages: c.settings?.actionMessages ?? true,
    directnessLevel:
      level >= MIN_DIRECTNESS && level <= MAX_DIRECTNESS ? level : DEFAULT_DIRECTNESS,
    sexualPreferences: Array.isArray(c.sexualPreferences) ? c.sexualPreferences : [],
    roles: Array.isArray(c.roles) ? c.roles : [],
    includeRoles: c.includeRoles ?? false,
  };
}

export function SettingsForm({ character }: { character: Character }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState(() => initialValues(character));
  const [saving, setSaving] = useState(false);
  const update = useUpdateCharacter();
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  const close = () => {
    if (canGoBackInApp()) window.history.back();
    else navigate(chatPath(character.id));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      // Only this screen's fields are sent: the API keeps the others, so a name or avatar changed
      // in another tab meanwhile is not overwritten with this page's older copy.
      await update.mutateAsync({
        id: character.id,
        input: {
          settings: { emojis: values.emojis, actionMessages: values.actionMessages },
          directnessLevel: values.directnessLevel,
          sexualPreferences: values.sexualPreferences.filter(isPreference),
          roles: values.roles,
          includeRoles: values.includeRoles,
        },
      });
      toast({ title: 'Settings saved', description: 'Character settings updated successfully.' });
      navigate(chatPath(character.id));
    } catch (error) {
      setSaving(false);
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to update character settings.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <PageCard>
      <header className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">Character Settings</h1>
          <p className="mt-1 text-sm break-words text-muted sm:text-base">
            Customize how {character.name} interacts with you during chats.
          </p>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="-mt-1 -mr-1 shrink-0 rounded-md p-1.5 text-muted hover:bg-hover-strong hover:text-fg"
        >
          <X className="size-5" aria-hidden />
        </button>
      </header>

      <form onSubmit={save} noValidate className="mt-8 space-y-6">
        <div className="space-y-4">
          <SettingSwitch
            id="settings-emojis"
            label="Enable Emojis"
            checked={values.emojis}
            onCheckedChange={(v) => set('emojis', v)}
          />
          <SettingSwitch
            id="settings-action-messages"
            label="Enable Action Messages"
            hint="The character describes actions in italics above messages."
            checked={values.actionMessages}
            onCheckedChange={(v) => set('actionMessages', v)}
          />
        </div>

        <DirectnessSlider
          id="settings-directness"
          value={values.directnessLevel}
          onChange={(v) => set('directnessLevel', v)}
        />

        <Section title="Sexual Preferences">
          <ToggleChips
            label={`Choose the preferences for ${character.name}`}
            options={CHARACTER_PREFERENCES}
            value={values.sexualPreferences}
            onChange={(next) => set('sexualPreferences', next)}
          />
        </Section>

        <Section title="Character Roles">
          <div className="space-y-4">
            <label
              htmlFor="settings-include-roles"
              className="flex cursor-pointer items-center gap-3 text-sm font-medium"
            >
              <input
                id="settings-include-roles"
                type="checkbox"
                checked={values.includeRoles}
                onChange={(e) => set('includeRoles', e.target.checked)}
                className="size-4 shrink-0 accent-accent-strong"
              />
              Include character roles/professions
            </label>
            {values.includeRoles && (
              <RolePicker value={values.roles} onChange={(next) => set('roles', next)} />
            )}
          </div>
        </Section>

        <div className="flex justify-end border-t border-border pt-6">
          <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto">
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </PageCard>
  );
}

function SettingSwitch({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="mt-0.5 text-xs text-muted">
            {hint}
          </p>
        )}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={hintId}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors data-[state=checked]:bg-accent-strong data-[state=unchecked]:bg-track"
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-on-accent shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
    </div>
  );
}

/** A titled section that folds away; the title is an h2 wrapping the toggle button. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Collapsible.Root className="rounded-xl border border-border">
      <h2>
        <Collapsible.Trigger className="group flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left hover:bg-hover">
          <span className="text-base font-semibold text-fg">{title}</span>
          <ChevronDown
            className="size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
            aria-hidden
          />
        </Collapsible.Trigger>
      </h2>
      <Collapsible.Content className="px-4 pt-1 pb-4">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

function PageCard({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen bg-main px-4 py-6 sm:py-12">
      <div className="mx-auto w-full max-w-2xl rounded-2xl border border-border bg-surface p-5 text-fg shadow-xl sm:p-8">
        {children}
      </div>
    </main>
  );
}

export function CharacterNotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-main px-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center">
        <h1 className="text-2xl font-bold">Character not found</h1>
        <p className="mt-3 text-sm text-muted">
          It may have been deleted, or the link may be wrong.
        </p>
        <Link href="/chat" className={buttonClass('primary', 'md', 'mt-6')}>
          Back to chat
        </Link>
      </div>
    </main>
  );
}
