/**
 * A whole number with en-US thousands separators ("1,000"), as `toLocaleString('en-US')` writes
 * it, without Intl: the first Intl call of a page sets up its locale data, about 30 ms of the chat
 * page's first render on a phone-class CPU (decision 0020).
 */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
