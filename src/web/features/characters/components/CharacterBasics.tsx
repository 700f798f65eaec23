import type {
  FieldErrors,
  UseFormRegister,
  UseFormRegisterReturn,
  UseFormWatch,
} from 'react-hook-form';
import type { GenderOption } from '../../../../shared/characters/catalog';
import { CHARACTER_LIMITS } from '../../../../shared/characters/schemas';
import { Field, Select, Textarea, TextField } from '../../../components/ui/form';
import { CharCount, overLimitMessage } from './CharCount';

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
        // An imported card's name may be longer: it is shown whole, with what must be cut.
        error={overLimitMessage(values.name ?? '', CHARACTER_LIMITS.nameMax) ?? e.name?.message}
        placeholder="e.g. Selene"
        maxLength={CHARACTER_LIMITS.nameMax}
        {...reg('name')}
      />
      <CountedTextarea
        id="character-description"
        label="Description"
        counterId="description-count"
        value={values.description ?? ''}
        max={limits.descriptionMax}
        warnAt={descWarn}
        dangerAt={descDanger}
        error={e.description?.message}
        rows={2}
        placeholder="A short line others see: who they are at a glance."
        registration={reg('description')}
      />
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
      <CountedTextarea
        id="character-personality"
        label="Personality & instructions"
        counterId="personality-count"
        value={values.personality ?? ''}
        max={limits.personalityMax}
        warnAt={persWarn}
        dangerAt={persDanger}
        error={e.personality?.message}
        rows={6}
        placeholder="How they talk, what they love, how they treat you…"
        registration={reg('personality')}
      />
    </>
  );
}

/** A labelled textarea with a live character counter (announced with the field). */
function CountedTextarea({
  id,
  label,
  counterId,
  value,
  max,
  warnAt,
  dangerAt,
  error,
  rows,
  placeholder,
  registration,
}: {
  id: string;
  label: string;
  counterId: string;
  value: string;
  max: number;
  warnAt: number;
  dangerAt: number;
  error: string | undefined;
  rows: number;
  placeholder: string;
  registration: UseFormRegisterReturn;
}) {
  // A text over the limit (an imported card's) says how much must be cut, before and after a
  // submit; the browser's maxLength only stops typing more.
  const shownError = overLimitMessage(value, max) ?? error;
  return (
    <Field
      id={id}
      label={label}
      aside={
        <CharCount
          id={counterId}
          length={value.length}
          max={max}
          warnAt={warnAt}
          dangerAt={dangerAt}
        />
      }
      error={shownError}
    >
      <Textarea
        id={id}
        rows={rows}
        className={rows <= 2 ? 'min-h-20' : undefined}
        maxLength={max}
        placeholder={placeholder}
        aria-invalid={Boolean(shownError)}
        aria-describedby={shownError ? `${id}-error ${counterId}` : counterId}
        {...registration}
      />
    </Field>
  );
}
