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
