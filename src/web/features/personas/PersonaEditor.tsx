import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { PERSONA_LIMITS, personaRequest, type Persona } from '../../../shared/personas/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { Field, Input, Textarea } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useUploadAvatar } from '../characters/mutations';
import { PersonaAvatar } from './chat-parts';
import { useFocusAfterRender } from './focus-after-render';

/** What the editor holds until it is saved: the request's fields, and the picture to show. */
export type PersonaDraft = Pick<Persona, 'name' | 'description' | 'avatarImage' | 'avatarUrl'>;

export const EMPTY_DRAFT: PersonaDraft = {
  name: '',
  description: '',
  avatarImage: null,
  avatarUrl: null,
};

/** The messages of a refused draft, by field; `persona` for the rest. */
export type PersonaErrors = Partial<
  Record<'name' | 'description' | 'avatarImage' | 'persona', string>
>;

const FIELDS = ['name', 'description', 'avatarImage'] as const;

/** The server's (or the schema's) issues as the fields show them. */
export function errorsOf(issues: { path: string; message: string }[] | undefined, fallback = '') {
  const errors: PersonaErrors = {};
  for (const issue of issues ?? []) {
    const field = FIELDS.find((f) => issue.path === f) ?? 'persona';
    errors[field] ??= issue.message;
  }
  if (Object.keys(errors).length === 0 && fallback) errors.persona = fallback;
  return errors;
}

/** Phones get 44 px targets (DESIGN.md); elsewhere the buttons stay compact. */
const TARGET = 'max-sm:h-11';

/**
 * One persona's form: name (the first field, focused), a short description with its counter,
 * and an optional picture uploaded as a character's is (POST /api/avatars). Escape (handled by
 * the panel) leaves it unsaved.
 */
export function PersonaEditor({
  persona,
  isNew,
  saving,
  errors: serverErrors,
  onSave,
  onCancel,
}: {
  persona: PersonaDraft;
  isNew: boolean;
  saving: boolean;
  errors: PersonaErrors;
  onSave: (draft: PersonaDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(persona);
  const [checked, setChecked] = useState<PersonaErrors>({});
  const errors = { ...serverErrors, ...checked };
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const id = useId();
  const field = (name: 'name' | 'description', extra = '') => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby':
      [errors[name] ? `${id}-${name}-error` : '', extra].join(' ').trim() || undefined,
  });

  const take = async (file: File | undefined) => {
    // The server checks the file's type and size (and says what is wrong); the picker offers
    // only the types it takes.
    if (!file) return;
    try {
      const stored = await upload.mutateAsync(file);
      setDraft((d) => ({ ...d, avatarImage: stored.fileName, avatarUrl: stored.url }));
    } catch (error) {
      toast({
        title: 'Upload failed',
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
        variant: 'destructive',
      });
    } finally {
      // Disabled while it worked, the button lost the focus (to the page's body): it has it
      // back, unless the user has moved on meanwhile.
      if (document.activeElement === document.body) focusAfterRender(() => uploadButton.current);
    }
  };

  const submit = () => {
    const parsed = personaRequest.safeParse(draft);
    if (!parsed.success) {
      setChecked(
        errorsOf(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
      );
      return;
    }
    setChecked({});
    onSave({ ...draft, ...parsed.data });
  };

  return (
    <form
      aria-label={isNew ? 'New persona' : `Edit ${persona.name}`}
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field id={`${id}-name`} label="Name" error={errors.name}>
        <Input
          {...field('name')}
          autoFocus
          autoComplete="off"
          value={draft.name}
          maxLength={PERSONA_LIMITS.nameMaxLength}
          placeholder="Who you are in the chat"
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        />
      </Field>
      <Field
        id={`${id}-description`}
        label={
          <>
            Description <span className="text-muted">(optional)</span>
          </>
        }
        error={errors.description}
        aside={
          <span
            id={`${id}-count`}
            className={`text-xs tabular-nums ${draft.description.length >= PERSONA_LIMITS.descriptionMaxLength * 0.9 ? 'text-warning' : 'text-muted'}`}
          >
            {/* Not the characters' CharCount: shared with this chunk, it would become a file of
                its own, named in every page's first load. */}
            {draft.description.length} / {PERSONA_LIMITS.descriptionMaxLength}
          </span>
        }
      >
        <Textarea
          {...field('description', `${id}-count`)}
          className="min-h-20"
          value={draft.description}
          maxLength={PERSONA_LIMITS.descriptionMaxLength}
          placeholder="A few words your companions should know about this you"
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
        />
      </Field>
      <div className="flex items-center gap-3">
        <PersonaAvatar name={draft.name || '?'} avatarUrl={draft.avatarUrl} size="lg" />
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label="Persona picture"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              void take(e.target.files?.[0]);
              // The same file chosen again is a new choice.
              e.target.value = '';
            }}
          />
          <button
            ref={uploadButton}
            type="button"
            className={buttonClass('secondary', 'sm', TARGET)}
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus className="size-4" aria-hidden />
            {upload.isPending ? 'Uploading...' : draft.avatarUrl ? 'Change picture' : 'Add picture'}
          </button>
          {draft.avatarUrl && (
            <Button
              size="sm"
              variant="ghost"
              className={TARGET}
              disabled={upload.isPending}
              onClick={() => {
                setDraft((d) => ({ ...d, avatarImage: null, avatarUrl: null }));
                // This button goes with the picture.
                focusAfterRender(() => uploadButton.current);
              }}
            >
              <Trash2 className="size-4" aria-hidden /> Remove picture
            </Button>
          )}
          <p className="w-full text-xs text-muted">Optional. JPEG, PNG or WebP, up to 5 MB.</p>
        </div>
      </div>
      {errors.avatarImage && (
        <p role="alert" className="text-xs text-error">
          {errors.avatarImage}
        </p>
      )}
      {errors.persona && (
        <p role="alert" className="text-sm text-error">
          {errors.persona}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" className={TARGET} onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" type="submit" className={TARGET} disabled={saving || upload.isPending}>
          {saving ? 'Saving...' : isNew ? 'Add persona' : 'Save persona'}
        </Button>
      </div>
    </form>
  );
}
