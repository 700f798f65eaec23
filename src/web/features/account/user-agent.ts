/**
 * A browser's own description of itself, in a few words a person recognises ("Firefox on
 * Windows"). Only the common browsers and systems are named; anything else is 'A browser'.
 */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return 'A browser';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'A browser');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '12 days ago' or a date. */
export function approximateTime(iso: string, now: number = Date.now()): string {
  const ago = now - new Date(iso).getTime();
  if (ago < 2 * MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} minutes ago`;
  if (ago < 2 * HOUR) return 'an hour ago';
  if (ago < DAY) return `${Math.floor(ago / HOUR)} hours ago`;
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return new Date(iso).toLocaleDateString();
}
