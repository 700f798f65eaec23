/**
 * The Here-now bar's shared looks: a row that wraps (and scrolls sideways on a phone rather than
 * pushing the thread up), its small heading, and a chip a finger can press (44 px high on a
 * phone, smaller where a pointer is precise).
 */
export const ROW = 'flex items-center gap-2 max-sm:overflow-x-auto sm:flex-wrap';
export const LABEL = 'shrink-0 text-xs font-semibold tracking-widest text-muted uppercase';
export const CHIP =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm sm:min-h-9';
