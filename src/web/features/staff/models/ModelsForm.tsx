import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ModelList } from '../../../../shared/models/contract';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import {
  draftsOf,
  moved,
  offeringsOf,
  saveErrorsOf,
  withDefault,
  withOffered,
  type ModelDraft,
  type SaveErrors,
} from './model-draft';
import { ModelRow } from './ModelRow';
import { useSaveModels } from './models-api';

const HEAD = [
  'Label',
  'Offered',
  'Default',
  'Credits per reply',
  'Input $ / M tokens',
  'Output $ / M tokens',
  'Order',
];

/** The models as one form: every change kept here until Save sends the whole list. */
export function ModelsForm({ list }: { list: ModelList }) {
  const id = useId();
  const save = useSaveModels();
  const [drafts, setDrafts] = useState<ModelDraft[]>(() => draftsOf(list));
  const [errors, setErrors] = useState<SaveErrors>({ fields: {} });
  const [forbidden, setForbidden] = useState<string>();
  const idOf = (d: ModelDraft) => `${id}-${list.models.findIndex((m) => m.model === d.model)}`;

  const move = (index: number, by: -1 | 1) => {
    const draft = drafts[index]!;
    const next = moved(drafts, index, by);
    setDrafts(next);
    // The focus stays on the moved model's button, or its other one at either end of the list.
    const at = index + by;
    const edge = at === 0 || at === next.length - 1;
    requestAnimationFrame(() =>
      document.getElementById(`${idOf(draft)}-${by < 0 !== edge ? 'up' : 'down'}`)?.focus(),
    );
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {} });
    try {
      await save.mutateAsync(offeringsOf(drafts));
      toast({ title: 'Models saved' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setForbidden(error.message);
      else setErrors(saveErrorsOf(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <table className="block w-full text-sm md:table">
        <thead className="hidden md:table-header-group">
          <tr className="border-b border-border text-left text-muted">
            {HEAD.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">
          {drafts.map((draft, index) => (
            <ModelRow
              key={draft.model}
              idBase={idOf(draft)}
              draft={draft}
              index={index}
              count={drafts.length}
              errors={errors.fields[index] ?? {}}
              defaultGroup={`${id}-default`}
              onChange={(field, value) =>
                setDrafts((all) => all.map((d, i) => (i === index ? { ...d, [field]: value } : d)))
              }
              onOffered={(enabled) => setDrafts((all) => withOffered(all, index, enabled))}
              onDefault={() => setDrafts((all) => withDefault(all, index))}
              onMove={(by) => move(index, by)}
            />
          ))}
        </tbody>
      </table>
      {forbidden && (
        <p
          role="alert"
          className="rounded-lg border border-error/60 bg-main p-3 text-sm text-error"
        >
          {forbidden}
        </p>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-error">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="h-11" disabled={Boolean(forbidden)} pending={save.isPending}>
        {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        Save
      </Button>
    </form>
  );
}
