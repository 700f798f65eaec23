import { useId, useState } from 'react';
import { LOREBOOK_LIMITS, type LorebookEntry } from '../../../shared/lorebooks/contract';
import { Button } from '../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../components/ui/form';
import { SettingSwitch } from '../../components/ui/setting-switch';
import { draftOf, type EntryDraft } from './entry-draft';

/** The server's messages for this entry: by field, and `entry` for the rest. */
export type EntryErrors = Partial<Record<keyof EntryDraft | 'entry', string>>;

const TARGET = 'max-sm:h-11';

/**
 * One entry's editor: what wakes it (keys, and secondary keys when selective), what it adds, and
 * where. Focus starts on its first field; Escape (handled by the panel) leaves it unsaved.
 */
export function EntryEditor({
  entry,
  isNew,
  saving,
  errors,
  onSave,
  onCancel,
}: {
  entry: LorebookEntry;
  isNew: boolean;
  saving: boolean;
  errors: EntryErrors;
  onSave: (draft: EntryDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(entry));
  const set = <K extends keyof EntryDraft>(key: K, value: EntryDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const id = useId();
  const field = (name: keyof EntryDraft) => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form
      aria-label={isNew ? 'New entry' : 'Edit entry'}
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <Field id={`${id}-name`} label="Name (optional)" error={errors.name}>
        <Input
          {...field('name')}
          autoFocus
          value={draft.name}
          maxLength={LOREBOOK_LIMITS.nameMaxLength}
          onChange={(e) => set('name', e.target.value)}
        />
      </Field>
      <Field
        id={`${id}-keys`}
        label="Keywords"
        hint="Separated by commas. When one comes up in the chat, the entry is added."
        error={errors.keys}
      >
        <Input
          {...field('keys')}
          value={draft.keys}
          placeholder="lighthouse, lamp"
          onChange={(e) => set('keys', e.target.value)}
        />
      </Field>
      <SettingSwitch
        id={`${id}-selective`}
        label="Only with one of these too"
        hint="The entry is added only when one of these secondary keywords comes up as well."
        checked={draft.selective}
        onCheckedChange={(on) => set('selective', on)}
      />
      {draft.selective && (
        <Field id={`${id}-secondaryKeys`} label="Secondary keywords" error={errors.secondaryKeys}>
          <Input
            {...field('secondaryKeys')}
            value={draft.secondaryKeys}
            placeholder="storm, night"
            onChange={(e) => set('secondaryKeys', e.target.value)}
          />
        </Field>
      )}
      <Field id={`${id}-content`} label="Content" error={errors.content}>
        <Textarea
          {...field('content')}
          value={draft.content}
          maxLength={LOREBOOK_LIMITS.contentMaxLength}
          placeholder="What the character should know when this comes up"
          onChange={(e) => set('content', e.target.value)}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-position`} label="Position">
          <Select
            id={`${id}-position`}
            value={draft.position}
            onChange={(e) => set('position', e.target.value as EntryDraft['position'])}
          >
            <option value="before_char">Before the character</option>
            <option value="after_char">After the character</option>
          </Select>
        </Field>
        <Field
          id={`${id}-insertionOrder`}
          label="Insertion order"
          hint="Lower numbers go in first."
          error={errors.insertionOrder}
        >
          <Input
            {...field('insertionOrder')}
            type="number"
            inputMode="numeric"
            value={draft.insertionOrder}
            onChange={(e) => set('insertionOrder', e.target.value)}
          />
        </Field>
      </div>
      <SettingSwitch
        id={`${id}-enabled`}
        label="Enabled"
        checked={draft.enabled}
        onCheckedChange={(on) => set('enabled', on)}
      />
      <SettingSwitch
        id={`${id}-constant`}
        label="Always included"
        hint="Added to every reply, keywords or not."
        checked={draft.constant}
        onCheckedChange={(on) => set('constant', on)}
      />
      <SettingSwitch
        id={`${id}-caseSensitive`}
        label="Case-sensitive"
        hint="‘Lamp’ and ‘lamp’ count as different keywords."
        checked={draft.caseSensitive}
        onCheckedChange={(on) => set('caseSensitive', on)}
      />
      {errors.entry && (
        <p role="alert" className="text-sm text-error">
          {errors.entry}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" className={TARGET} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          size="sm"
          className={TARGET}
          disabled={saving || !draft.content.trim()}
        >
          {saving ? 'Saving...' : 'Save entry'}
        </Button>
      </div>
    </form>
  );
}
