import { useId, useState } from 'react';
import { PERSONA_LIMITS, personaRequest, type Persona } from '../../../shared/personas/contract';
import { Button } from '../../components/ui/button';
import { Field, Input, Textarea } from '../../components/ui/form';
import { errorsOf, type PersonaErrors } from './persona-errors';
import { PersonaPicture, TARGET } from './PersonaPicture';

/** What the editor holds until it is saved: the request's fields, and the picture to show. */
export type PersonaDraft = Pick<Persona, 'name' | 'description' | 'avatarImage' | 'avatarUrl'>;

export const EMPTY_DRAFT: PersonaDraft = {
  name: '',
  description: '',
  avatarImage: null,
  avatarUrl: null,
};

export { errorsOf, type PersonaErrors } from './persona-errors';

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
  const [uploading, setUploading] = useState(false);
  const errors = { ...serverErrors, ...checked };
  const id = useId();
  const field = (name: 'name' | 'description', extra = '') => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby':
      [errors[name] ? `${id}-${name}-error` : '', extra].join(' ').trim() || undefined,
  });

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
      <PersonaPicture
        name={draft.name}
        avatarUrl={draft.avatarUrl}
        onChange={(avatarImage, avatarUrl) => setDraft((d) => ({ ...d, avatarImage, avatarUrl }))}
        onUploading={setUploading}
      />
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
        <Button size="sm" type="submit" className={TARGET} disabled={uploading} pending={saving}>
          {saving ? 'Saving...' : isNew ? 'Add persona' : 'Save persona'}
        </Button>
      </div>
    </form>
  );
}
