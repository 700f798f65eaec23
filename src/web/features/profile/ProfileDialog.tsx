import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  PROFILE_GENDERS,
  PROFILE_PREFERENCES,
  userProfileSchema,
  type ProfileResponse,
  type UserProfile,
  type UserProfileInput,
} from '../../../shared/profile/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Select, TextField } from '../../components/ui/form';
import { toast, toastError } from '../../components/ui/toast';
import { ToggleChips } from '../../components/ui/toggle-chips';
import { PROFILE_KEY } from './profile-api';
import { useSaveProfile } from './save-profile';

// Its own chunk, loaded when it is opened.
const PersonasDialog = lazy(() =>
  import('../personas/PersonasDialog').then((m) => ({ default: m.PersonasDialog })),
);

/**
 * 'Set up your profile' (no profile yet → POST) or 'Edit Profile' (→ PUT). A new profile starts
 * with the name given at sign-up (or by Google), so nobody types it twice.
 */
export default function ProfileDialog({
  profile,
  suggestedName = '',
  onClose,
}: {
  profile: ProfileResponse | null;
  suggestedName?: string;
  onClose: () => void;
}) {
  const exists = profile !== null;
  const form = useForm<UserProfileInput, unknown, UserProfile>({
    resolver: zodResolver(userProfileSchema),
    // A saved profile passed this same schema, so its preferences are the form's own values.
    defaultValues: (profile as UserProfileInput | null) ?? {
      name: suggestedName.trim(),
      gender: undefined as never,
      sexualPreferences: [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSaveProfile();
  const client = useQueryClient();
  const [personasOpen, setPersonasOpen] = useState(false);
  const personasButton = useRef<HTMLButtonElement>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ input: values, exists });
      // The profile is the first persona: its name is listed with theirs. Their key comes with
      // their chunk: imported here, it would be one more file named in every page's first load.
      void import('../personas/chat-parts').then(({ PERSONAS_KEY }) =>
        client.invalidateQueries({ queryKey: PERSONAS_KEY }),
      );
      toast({
        title: exists ? 'Profile updated' : 'Profile saved',
        description: 'Your companions will get to know you.',
      });
      onClose();
    } catch (error) {
      toastError(error, 'Failed to save your profile.');
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={exists ? 'Edit Profile' : 'Set up your profile'}
      description="Tell your companions who they are talking to."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          id="profile-name"
          label="Name"
          error={errors.name?.message}
          autoComplete="nickname"
          placeholder="Your name"
          {...form.register('name')}
        />
        <Field id="profile-gender" label="Gender" error={errors.gender?.message}>
          <Select
            id="profile-gender"
            aria-invalid={Boolean(errors.gender)}
            {...form.register('gender', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
          >
            <option value="">Select your gender</option>
            {PROFILE_GENDERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </Select>
        </Field>
        <Controller
          control={form.control}
          name="sexualPreferences"
          render={({ field }) => (
            <ToggleChips
              label={
                <>
                  Preferences <span className="text-muted">(optional)</span>
                </>
              }
              options={PROFILE_PREFERENCES}
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
        {exists && (
          <section
            aria-labelledby="profile-personas"
            className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3"
          >
            <div className="min-w-0 flex-1">
              <h3 id="profile-personas" className="text-sm font-medium">
                Personas
              </h3>
              <p className="text-xs text-muted">
                Chat as someone else: your profile is the first; add others.
              </p>
            </div>
            <button
              ref={personasButton}
              type="button"
              className={buttonClass('secondary', 'sm', 'max-sm:h-11')}
              onClick={() => setPersonasOpen(true)}
            >
              <UsersRound className="size-4" aria-hidden /> Personas
            </button>
          </section>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>
      {personasOpen && (
        <Suspense fallback={null}>
          <PersonasDialog
            onClose={() => {
              setPersonasOpen(false);
              // The profile says how many personas there are: the chat offers a choice by it.
              void client.invalidateQueries({ queryKey: PROFILE_KEY });
            }}
            onCloseAutoFocus={(event) => {
              // Back on the button that opened it, in the profile still open beneath.
              event.preventDefault();
              personasButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
