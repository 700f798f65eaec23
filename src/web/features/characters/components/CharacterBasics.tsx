import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import type { GenderOption } from '../../../../shared/characters/catalog';
import { Field, Select, Textarea, TextField } from '../../../components/ui/form';
import { CharCount } from './CharCount';

export interface BasicsValues {
  name: string;
  description: string;
  gender: string;
  personality: string;
}

export interface BasicsLimits {
  descriptionMax: number;
  personalityMax: number;
  counters: { description: readonly number[]; personality: readonly number[] };
}

/** Name, description, gender and personality: the fields the create and edit screens share. */
export function CharacterBasics<T extends BasicsValues>({
  register,
  watch,
  errors,
  limits,
  genders,
}: {
  register: UseFormRegister<T>;
  watch: UseFormWatch<T>;
  errors: FieldErrors<T>;
  limits: BasicsLimits;
  genders: readonly GenderOption[];
}) {
  // The generic form type hides the concrete keys; these casts keep one component for both forms.
  const reg = register as unknown as UseFormRegister<BasicsValues>;
  const values = (watch as unknown as UseFormWatch<BasicsValues>)();
  const e = errors as FieldErrors<BasicsValues>;
  const [descWarn = 0, descDanger = 0] = limits.counters.description;
  const [persWarn = 0, persDanger = 0] = limits.counters.personality;
  return (
    <>
      <TextField
        id="character-name"
        label="Name"
        error={e.name?.message}
        placeholder="e.g. Selene"
        maxLength={50}
        {...reg('name')}
      />
      <Field
        id="character-description"
        label={
          <span className="flex items-center justify-between">
            Description
            <CharCount
              id="description-count"
              length={values.description?.length ?? 0}
              max={limits.descriptionMax}
              warnAt={descWarn}
              dangerAt={descDanger}
            />
          </span>
        }
        error={e.description?.message}
      >
        <Textarea
          id="character-description"
          rows={2}
          className="min-h-20"
          maxLength={limits.descriptionMax}
          placeholder="A short line others see: who they are at a glance."
          aria-invalid={Boolean(e.description)}
          aria-describedby={e.description ? 'character-description-error' : 'description-count'}
          {...reg('description')}
        />
      </Field>
      <Field id="character-gender" label="Gender" error={e.gender?.message}>
        <Select
          id="character-gender"
          aria-invalid={Boolean(e.gender)}
          aria-describedby={e.gender ? 'character-gender-error' : undefined}
          {...reg('gender')}
        >
          <option value="">Select a gender</option>
          {genders.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="character-personality"
        label={
          <span className="flex items-center justify-between">
            Personality &amp; instructions
            <CharCount
              id="personality-count"
              length={values.personality?.length ?? 0}
              max={limits.personalityMax}
              warnAt={persWarn}
              dangerAt={persDanger}
            />
          </span>
        }
        error={e.personality?.message}
      >
        <Textarea
          id="character-personality"
          rows={6}
          maxLength={limits.personalityMax}
          placeholder="How they talk, what they love, how they treat you…"
          aria-invalid={Boolean(e.personality)}
          aria-describedby={e.personality ? 'character-personality-error' : 'personality-count'}
          {...reg('personality')}
        />
      </Field>
    </>
  );
}
