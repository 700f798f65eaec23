import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { stripEndpointDocs } from './scripts/vite-endpoint-strip';
import { dropIconKeys } from './scripts/vite-icon-keys';
import { trimPreloadLists } from './scripts/vite-preload-lists';

const outDir = path.resolve(import.meta.dirname, 'dist/web');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/** Writes .br and .gz beside each text asset so the server can send them without work. */
function precompress(): Plugin {
  return {
    name: 'reverie:precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Writes .vite/modules.json: each source module of the app (path from src/web) and the file it
 * went into. The manifest names a chunk by its source only when a module is the chunk's own; a
 * module a codeSplitting group took is found here (tests/build/manifest.ts). Dotfiles are not
 * served (plugins/static.ts).
 */
function moduleMap(): Plugin {
  return {
    name: 'reverie:module-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = path.resolve(import.meta.dirname, 'src/web');
      const files: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          if (id.startsWith(root + path.sep)) files[path.relative(root, id)] = chunk.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(files, null, 1),
      });
    },
  };
}

/**
 * The service worker (issue 52): src/web/sw.ts built into dist/web/sw.js with the list of files it
 * keeps (Workbox's precache) written in. The page registers it itself, late (src/web/pwa/start.ts),
 * and the server makes the web app manifest from the operator's brand (modules/site). Kept: the
 * built JavaScript and CSS, index.html (the offline start) and the favicon; not the build's
 * dotfiles (.vite/) nor the .br/.gz copies (the server picks those per request), and not the two
 * chunks few visitors ever load that weigh more than everything else together: sign-up's password
 * checker with its dictionaries (1.7 MB) and the staff console's charts (0.5 MB).
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    // Relative to Vite's root (src/web): src/web/sw.ts.
    srcDir: '.',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    // The worker's own build speaks only of problems, as the app's does (scripts/web-build.ts).
    integration: {
      configureCustomSWViteBuild(config) {
        config.logLevel = 'warn';
      },
    },
    injectManifest: {
      // A classic script: no module worker needed, and every browser that has workers runs it.
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html}', 'favicon.svg'],
      globIgnores: [
        '.vite/**',
        '**/*.{br,gz}',
        '**/password-strength.worker-*.js',
        '**/UsagePanel-*.js',
      ],
    },
  });
}

/**
 * The icons /chat draws as it opens (its first load and the mode chooser), by lucide's file names
 * (an alias such as Trash2 is `trash`): they share the icons file with React. Every other icon
 * that several parts draw goes to `icons-late`. tests/build/chat-budget.test.ts shows when a
 * first-load icon is missing here (one more file on /chat's first load).
 */
const CHAT_ICONS = new Set([
  'archive',
  'book-open',
  'bookmark',
  'bot',
  'check',
  'chevron-left',
  'chevron-right',
  'chevrons-up-down',
  'copy',
  'ellipsis-vertical',
  'git-branch',
  'loader-circle',
  'menu',
  'message-circle',
  'message-circle-heart',
  'messages-square',
  'pencil',
  'plus',
  'refresh-cw',
  'send-horizontal',
  'sliders-horizontal',
  'step-forward',
  'thumbs-down',
  'thumbs-up',
  'trash',
  'triangle-exclamation-point',
  'x',
  'zap',
]);

const preloadLists = trimPreloadLists();

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    stripEndpointDocs(),
    dropIconKeys(),
    moduleMap(),
    preloadLists.plugin,
    precompress(),
    serviceWorker(),
  ],
  resolve: {
    alias: [
      {
        // React 19 has it built in (see the module's comment).
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(
          import.meta.dirname,
          'src/web/lib/use-sync-external-store-shim.ts',
        ),
      },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // One stylesheet, linked by index.html: no lazy part has CSS of its own to wait for, so
    // none lists the page's stylesheet among its preloads.
    cssCodeSplit: false,
    // Every browser we serve preloads modules itself (decision 0046). A lazy part's preload list
    // names only what is not loaded already (scripts/vite-preload-lists.ts).
    modulePreload: { polyfill: false, resolveDependencies: preloadLists.resolveDependencies },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Icons that several parts share but /chat does not draw as it opens (dialogs,
            // menus, other pages, the console): one file of their own, fetched with the first
            // part that draws one, instead of riding in the shared icons file every page loads.
            // Only the icons named in CHAT_ICONS stay there; a new icon that two lazy parts
            // share lands here, so it never grows /chat's first load (1.2 KB and counting).
            {
              name: 'icons-late',
              test: (id: string) => {
                const icon = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/.exec(
                  id,
                );
                return icon !== null && !CHAT_ICONS.has(icon[1]!);
              },
              minShareCount: 2,
              priority: 1,
              // Only the icons move: what they draw with stays in the shared icons file.
              includeDependenciesRecursively: false,
            },
            // React and the icons more than one part of the app draws: an icon only a dialog, a
            // menu or another page draws stays with it, off /chat's first load (1.7 KB).
            {
              name: 'icons',
              test: /node_modules[\\/](lucide-react|react)[\\/]/,
              minShareCount: 2,
            },
            // Parts that load together, in one file each rather than in slivers of 0.1–3 KB:
            // a small file compresses worse, and /chat fetched 19 of them (issue 16 counts
            // every byte it fetches; tests/build/chat-budget.test.ts). Only the named modules
            // move: their imports stay where the automatic split put them.
            ...[
              // The query library, whole: every page's data.
              { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
              // The buttons, form fields and brand marks nearly every page draws, and the brand;
              // the price of a reply, the ids' reader and the safety and site endpoints' paths
              // (slivers of 0.2 KB of their own otherwise, on /chat's first load).
              {
                name: 'ui',
                test: /src[\\/](web[\\/](components[\\/](ui[\\/]button|brand[\\/])|lib[\\/](use-page-title|brand|cost-text)|features[\\/]chat[\\/]reply-cost)|shared[\\/](brand|format-count|ids|site[\\/](brand-defaults|endpoints)|safety[\\/]endpoints)\.)/,
              },
              // The dialog with Radix's, and what the character form and the dialogs (cards,
              // lorebook, personas, memories, profile, themes) share with it: the hidden file
              // picker, the focus helpers, the toggle chips and the roving tab stop. In files of
              // their own they would put more names in /chat's and the entry's preload lists
              // (0.02–0.06 KB of /chat's first load each).
              {
                name: 'dialog',
                test: /(@radix-ui[\\/]react-dialog[\\/]|src[\\/]web[\\/]components[\\/]ui[\\/](dialog|hidden-file-input|use-focus-back|toggle-chips|roving-focus)\.)/,
              },
            ].map((group) => ({ ...group, includeDependenciesRecursively: false })),
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
      // Named and coloured by the operator's brand: the server makes it.
      '/manifest.webmanifest': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
    },
  },
});
