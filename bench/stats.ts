/** Percentiles and the report's number columns, shared by the benchmark's sections. */

export interface Stats {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles over all samples, rounded to 0.01 ms. */
export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const round = (v: number | undefined) => (v === undefined ? NaN : Math.round(v * 100) / 100);
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1)),
  };
}

/** A figure to one decimal with its unit, or n/a when it was not measured (null, NaN, infinite). */
export const figure = (value: number | null, unit = '') =>
  value === null || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(1)}${unit}`;
/**
 * A share as a percentage, rounded down to a tenth (7.5 %, 24.9 %, 33 %): a share just under a
 * target's line never prints as the line itself. The epsilon keeps binary fractions (0.29 * 1000 =
 * 289.99…) from losing a tenth they have.
 */
export const sharePercent = (share: number) => `${Math.floor(share * 1000 + 1e-9) / 10} %`;
export const fmt = (v: number, width = 7) =>
  (Number.isNaN(v) ? 'n/a' : v.toFixed(1)).padStart(width);
export const statsRow = (label: string, s: Stats) =>
  `  ${label.padEnd(46)}${fmt(s.p50)}${fmt(s.p90)}${fmt(s.p99)}${fmt(s.max)}   (n=${s.n})`;
