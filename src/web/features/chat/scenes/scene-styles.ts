/**
 * The Here-now bar's shared looks: a row that wraps (on a phone the bar is folded until opened,
 * so when open everything in it is in sight), its small heading, and a chip a finger can press
 * (44 px high on a phone, smaller where a pointer is precise).
 */
export const ROW = 'flex flex-wrap items-center gap-2';
export const LABEL = 'shrink-0 text-xs font-semibold tracking-widest text-muted uppercase';
export const CHIP =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm sm:min-h-9';
