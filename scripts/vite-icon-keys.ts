import type { Plugin } from 'vite';

/**
 * The built icons without their React keys. Each of lucide's icon files gives every part of its
 * drawing a random key (`["path", { d: "M12 8V4H8", key: "hb8ula" }]`), six letters that do not
 * compress: about 0.6 KB of the 120 KB issue 16 gives /chat. React needs keys only to follow a
 * list's items when they move, and an icon's parts never move; production React reads a keyless
 * list by position and says nothing (its warning about missing keys exists in development only,
 * where this plugin does not run).
 */
const ICON_FILE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][a-z0-9-]+\.mjs$/;
const KEY = /,\s*key:\s*"[a-z0-9]+"/g;

export function dropIconKeys(): Plugin {
  return {
    name: 'reverie:drop-icon-keys',
    apply: 'build',
    transform(code, id) {
      if (!ICON_FILE.test(id)) return null;
      return { code: code.replace(KEY, ''), map: null };
    },
  };
}
