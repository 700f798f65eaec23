import type { ReportDetail } from '../../../../shared/reports/contract';

/** The character's definition as its owner wrote it (no more of the owner's data). */
export function CharacterDefinition({ character }: { character: ReportDetail['character'] }) {
  if (!character) return <p className="text-sm text-muted">The character was deleted since.</p>;
  return (
    <dl className="grid gap-3 rounded-xl border border-border bg-surface p-4 text-sm">
      <div>
        <dt className="text-xs font-medium text-muted uppercase">Name</dt>
        <dd className="mt-0.5 font-semibold">
          {character.name} <span className="font-normal text-muted">({character.gender})</span>
          {character.removed && (
            <span className="font-semibold text-error"> · Removed by moderation</span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-muted uppercase">Description</dt>
        <dd className="mt-0.5 break-words whitespace-pre-wrap">{character.description || '—'}</dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-muted uppercase">Personality</dt>
        <dd className="mt-0.5 break-words whitespace-pre-wrap">{character.personality || '—'}</dd>
      </div>
    </dl>
  );
}
