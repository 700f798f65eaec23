import { formatCount } from '../../../../shared/format-count';

export { formatCount };

/** Dollars with cents ("$1,234.50"; "-$3.20" for a loss). */
export function formatUsd(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A time in milliseconds, or a dash when no reply measured it. */
export const formatMs = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '–' : `${formatCount(ms)} ms`;

/** A day as a short axis label: 'Nov 29'. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}`;
}
