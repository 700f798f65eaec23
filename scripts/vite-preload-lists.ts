import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The lists of files a lazy part makes the browser preload (Vite writes one per dynamic import,
 * `__vite__mapDeps`, into the chunk that imports it), without the files that are loaded already
 * when that import runs: the importing chunk's own static imports, and the entry's. Vite lists
 * every chunk a lazy part needs, so the chat page's chunk repeated React, the query library, the
 * entry and its own shared parts in each of its 38 lists, and carried their names: 0.3 KB of the
 * 120 KB issue 16 gives /chat, for preloads the browser skipped anyway. A lazy part still
 * preloads everything it needs that is not there yet, at once.
 *
 * Two halves: the plugin keeps the bundle (its generateBundle runs before Vite's own, which
 * writes the lists), and `resolveDependencies` goes into `build.modulePreload`.
 */
export function trimPreloadLists() {
  let bundle: OutputBundle | undefined;
  const closures = new Map<string, Set<string>>();

  /** A chunk and every chunk it imports statically (file names). */
  const staticClosure = (file: string, seen = new Set<string>()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    const chunk = bundle?.[file];
    if (chunk?.type === 'chunk') for (const dep of chunk.imports) staticClosure(dep, seen);
    return seen;
  };
  const loadedWith = (file: string) => {
    let loaded = closures.get(file);
    if (!loaded) closures.set(file, (loaded = staticClosure(file)));
    return loaded;
  };
  /** What the entries load (one entry, index.html): loaded before any dynamic import runs. */
  let loadedFirst: Set<string>[] = [];

  const plugin: Plugin = {
    name: 'reverie:trim-preload-lists',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output as unknown as OutputBundle;
        closures.clear();
        loadedFirst = Object.values(bundle).flatMap((c) =>
          c.type === 'chunk' && c.isEntry ? [loadedWith(c.fileName)] : [],
        );
      },
    },
  };

  const resolveDependencies = (
    filename: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' },
  ) => {
    // The page's first preloads are the server's (src/server/plugins/app-shell.ts).
    if (hostType !== 'js' || !bundle) return deps;
    // Whatever runs a dynamic import was reached from the entry.
    const loaded = [loadedWith(hostId), ...loadedFirst];
    // Nor the part itself: its import() asks for it in the same moment (Vite's helper waits only
    // for stylesheets, and the app has one, linked by index.html: `cssCodeSplit: false`).
    return deps.filter((dep) => dep !== filename && !loaded.some((set) => set.has(dep)));
  };

  return { plugin, resolveDependencies };
}
