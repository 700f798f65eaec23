import type { DraftField, ModelDraft } from './model-draft';
import { Labelled, MoveButtons, OfferedSwitch, RowInput } from './row-controls';

const CELL = 'block md:table-cell md:px-2 md:py-2 md:align-top';

type TextField = 'label' | 'creditsPerReply' | 'inputUsdPerMillion' | 'outputUsdPerMillion';

/**
 * One model: a table row on a wide screen, a card on a phone, each control labelled (the label
 * hidden where the column heading says it).
 */
export function ModelRow({
  idBase,
  draft,
  index,
  count,
  errors,
  defaultGroup,
  onChange,
  onOffered,
  onDefault,
  onMove,
}: {
  idBase: string;
  draft: ModelDraft;
  index: number;
  count: number;
  errors: Partial<Record<DraftField, string>>;
  defaultGroup: string;
  onChange: (field: TextField, value: string) => void;
  onOffered: (enabled: boolean) => void;
  onDefault: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  // The model's own name under its label, unless the label is that name.
  const named = draft.label.trim() !== draft.model;
  const number = (field: Exclude<TextField, 'label'>, label: string, step: string) => (
    <td className={CELL}>
      <Labelled id={`${idBase}-${field}`} label={label} of={draft.model} error={errors[field]}>
        <RowInput
          id={`${idBase}-${field}`}
          error={errors[field]}
          type="number"
          inputMode={step === '1' ? 'numeric' : 'decimal'}
          min={0}
          step={step}
          className="h-11 md:w-28"
          value={draft[field]}
          onChange={(e) => onChange(field, e.target.value)}
        />
      </Labelled>
    </td>
  );
  return (
    <tr className="grid grid-cols-2 gap-3 rounded-xl border border-border bg-surface p-3 md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0">
      <td className={`${CELL} col-span-2`}>
        <Labelled id={`${idBase}-label`} label="Label" of={draft.model} error={errors.label}>
          <RowInput
            id={`${idBase}-label`}
            error={errors.label}
            describedBy={named ? `${idBase}-model` : undefined}
            className="h-11 md:min-w-40"
            value={draft.label}
            onChange={(e) => onChange('label', e.target.value)}
          />
        </Labelled>
        {named && (
          <p id={`${idBase}-model`} className="mt-1 text-xs break-all text-muted">
            {draft.model}
          </p>
        )}
      </td>
      <td className={CELL}>
        <OfferedSwitch
          id={`${idBase}-offered`}
          model={draft.model}
          checked={draft.enabled}
          onChange={onOffered}
        />
        {errors.enabled && <p className="text-xs text-error">{errors.enabled}</p>}
      </td>
      <td className={CELL}>
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-50">
          <input
            type="radio"
            name={defaultGroup}
            className="size-5 accent-[var(--accent-strong)]"
            checked={draft.isDefault}
            disabled={!draft.enabled}
            onChange={onDefault}
            aria-label={`Default: ${draft.model}`}
          />
          <span className="md:sr-only" aria-hidden>
            Default
          </span>
        </label>
        {errors.isDefault && <p className="text-xs text-error">{errors.isDefault}</p>}
      </td>
      {number('creditsPerReply', 'Credits per reply', '1')}
      {number('inputUsdPerMillion', 'Input $ per million tokens', 'any')}
      {number('outputUsdPerMillion', 'Output $ per million tokens', 'any')}
      <td className={`${CELL} col-span-2 md:col-span-1`}>
        <MoveButtons
          id={idBase}
          model={draft.model}
          first={index === 0}
          last={index === count - 1}
          onMove={onMove}
        />
      </td>
    </tr>
  );
}
