import { formatCount } from '../../../../shared/format-count';

/** "n / max", turning yellow then red as the text nears its limit. */
export function CharCount({
  id,
  length,
  max,
  warnAt,
  dangerAt,
}: {
  id: string;
  length: number;
  max: number;
  warnAt: number;
  dangerAt: number;
}) {
  const tone = length >= dangerAt ? 'text-error' : length >= warnAt ? 'text-warning' : 'text-muted';
  return (
    <span id={id} className={`text-xs tabular-nums ${tone}`} data-testid={`${id}`}>
      {length} / {max}
    </span>
  );
}

/**
 * What must be cut from a text over `max` characters, counted as the schemas count (trimmed);
 * undefined when it fits. Imported cards' texts come whole, however long (issue 47).
 */
export function overLimitMessage(text: string, max: number): string | undefined {
  const over = text.trim().length - max;
  if (over <= 0) return undefined;
  return `${formatCount(over)} ${over === 1 ? 'character' : 'characters'} over the limit of ${formatCount(max)}: cut ${over === 1 ? 'it' : 'them'} to save.`;
}
