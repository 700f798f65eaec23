import { describe, expect, it } from 'vitest';
import { MODE_CHOOSER_MODULE } from '../../src/server/plugins/app-shell';
import {
  entryKey,
  gzippedSize,
  jsFiles,
  loadManifest,
  moduleKey,
  readBuilt,
  staticClosure,
} from './manifest';

/**
 * The JavaScript /chat needs, gzipped (issue 16 item 6). Two totals:
 * - the first load: the entry and the chat route chunk with everything they import statically,
 *   what the shell waits for (116.0 KB in 10 files once the query library and the small UI parts
 *   each became one file and the "not a human" notice joined it, decision 0047; 117.0 KB in 9
 *   after issue 45's trim, decision 0051);
 * - everything each page of bench section 7 fetches by itself, the figure issue 16 holds to
 *   120 KB: a returning reader's /chat opens on the mode chooser, and both it and an open
 *   conversation (/chat/<id>) load the signed-in theme applier once they have rendered
 *   (decision 0035). The bench lists those files with BENCH_PAGE_FILES=1; this test names the
 *   same parts, so a part that joins either page's fetches shows here before a bench run.
 *   118.6 KB for /chat in 11 files and 117.5 KB for /chat/<id> in 10 after issue 45's trim
 *   (decision 0051; 122.6 and 121.8 before it).
 * Code fetched on a user's action is not counted: the dropdown menus and the user and character
 * menus' rows (on the first press, see components/ui/menu.tsx), the send protocol with the stream
 * reader (with the first message sent), and dialogs and the intimacy slider (when they open).
 * Decisions 0018, 0028.
 */
// Issue 45's trim (decision 0051) brought the first load from 119.1 KB back to 115.0. Issue 47
// added 0.6 KB (the lore and persona parts are chunks of their own; what stays is the choice to
// load them, and a message's card fields), 0.1 KB over the 115.5 held until then: the guard is
// 115.7, the pages' 120 KB below (119.5 and 118.1) still hold. Issue 48 added 1.3 KB (the brand
// read from the page, the site status and its banner's loader, each model's price); the icons
// that only dialogs, menus and other pages draw left the shared icons file (vite.config.ts,
// `icons-late`) and the dashboard's welcome became a part of its own. Issue 49 added the
// message's 'Report' (0.1 KB); the toasts are now drawn by a part of their own, fetched with
// the first toast (components/ui/toast-items.tsx, 0.3 KB off every page's first load): 115.66 KB,
// 119.8 and 118.3. Its comment on a thumbs, the removed character's notice and its flag added
// 0.1 KB; the safety and site endpoints' paths joined the `ui` file (two files of 0.2 KB each
// before): 115.59 KB, 119.72 and 118.28. Issue 50's microphone (its button and recorder a chunk
// of their own, loaded only where voice input is configured) added 0.13 KB: 115.73, 119.85 and
// 118.41. Its 'Listen' and auto-play switch (one chunk for both, mounted only where voice
// replies are configured) added 0.04 KB to the chat page's chunk: 115.88, 120.00 and 118.57
// with the character's voice in the shared schemas. The console's site and safety endpoints then
// left the `ui` file for admin-endpoints.ts files of their own (the chat never calls them):
// 115.75, 119.88 and 118.44. Its pictures (the button a chunk of its own, mounted only where
// images are configured; the picture and its viewer in the message extras' chunk, which became
// one lazy component for the lore marker, the unanswered note and the picture) added 0.07 KB:
// 115.86, 119.98 and 118.55 with the story's picture option. ChatView's state moved to
// use-chat-view.ts (issue 43: components under 150 lines), handing the thread and the message
// box their props; the unanswered messages' and the profile's writes left the first load
// (write-endpoints.ts): 115.85, 119.98 and 118.54 with ChatPage.tsx under 150 lines too.
// The pages' lists below then learned what the bench saw: every page fetches pwa/start.ts after
// its load (issue 52), /chat/<id> its model picker and read mark: 121.13 and 121.28 KB. Lazy
// parts' preload lists without what is loaded already (scripts/vite-preload-lists.ts, 0.4 KB),
// the theme's offline sync a chunk of its own (0.15) and icons without React keys
// (scripts/vite-icon-keys.ts, 0.46): 114.39, 119.28 and 119.53 (decision 0070). The guard was 114.6
// (the pages' 120 KB is the target): a clean build differs from a local one by a few bytes.
// Toasts in a dialog keeping their room once their time is up, their part fetched as the dialog
// opens (toast.tsx, 2026-12-01: going, or coming late, they moved what was under the pointer)
// added 0.07 KB to 114.55: 114.62, 119.51 and 119.66. The guard was 114.7.
// Failed reads said as such (2026-12-03: 'Could not load…' with Try again, their parts in the
// notices' chunk; 'Load earlier messages' saying it failed; 44 px buttons on a phone) added
// 0.10 KB to 114.68: 114.78, 119.67 and 119.82. The guard is 114.8.
// 'Download my data' fetched so a refusal is read (its save-a-file part shared with the staff
// CSVs, a chunk of its own the entry names) and the message editor's saving state (2026-12-03)
// added 0.04 KB: 114.82, 119.72 and 119.86. The guard was 114.85.
// Buttons busy with what they were pressed for keep the focus (Button's `pending`, 0.06 KB), and
// the icon-only button, which only the Memories panel draws, left the `ui` file for that panel's
// chunk (0.13 KB off): 114.74, 119.63 and 119.77. The guard was 114.8.
// A version switch by keyboard keeps the focus on the arrow pressed (the message is drawn anew
// under the version's id; focus-when-shown.ts, 0.15 KB; a new version's and a continued reply's
// call is in the lazy send protocol): 114.89, 119.78 and 119.93. The guard was 114.95.
// The review's fixes (the busy button's own aria-disabled not overridden; the focus put back
// without scrolling, within 3 s however slow the frames) added 0.04 KB: 114.93, 119.82 and
// 119.98. The guard is 115.0; the pages' 120 KB has 0.02 KB left, so the next part on the chat
// page brings its own saving.
// One inline "Delete this?" question (components/ui/inline-confirm.tsx) and the icon-only button
// for memories, lorebook entries and personas: the three panels share one file with the focus
// helper, one more name in the personas panel's preload list: 114.94, 119.83 and 119.98; with
// the focus given to the next row's Delete after a delete (in that file): 114.93, 119.81, 119.96.
// The focus after a version switch follows the thread for 3 s (the message can be drawn anew
// more than once; a flake of branches.spec.ts, 2026-12-05), and its helper is fetched with the
// first switch or the send protocol, off the first load: 114.83, 119.72 and 119.87.
// On a touch screen a message's toolbar a tap opened stays through a scroll and goes with a tap
// elsewhere (the message takes the focus, out of the Tab order; 2026-12-06): 114.90, 119.79 and
// 119.94. A window listener for taps elsewhere would have cost 0.10 KB, over the pages' 120.
// The chooser's rule shared with the server, which names its chunk in /chat's HTML (decision
// 0077): 114.92, 119.81 and 119.96.
const FIRST_LOAD_BUDGET_BYTES = 115.0 * 1024;
/**
 * Issue 16 item 6 holds everything a /chat page fetches by itself to 120 KB. Issue 45's chat
 * fixes and its second part had brought /chat to 122.6 KB (/chat/<id> 121.8); the trim of
 * decision 0051 (lazy send protocol, menus' rows, slider; icons that only dialogs, menus and
 * other pages draw kept off the first load: `minShareCount: 2` on vite.config.ts's icons group)
 * took them to 118.6 and 117.5.
 */
const CHAT_BUDGET_BYTES = 120 * 1024;

/** The parts each page of bench section 7 fetches beyond its first load. */
const PAGES = {
  // Every page fetches the installable app's part once it has loaded (pwa/start.ts, issue 52).
  '/chat': [
    'features/themes/UserThemeApplier.tsx',
    'features/chat/ModeChooser.tsx',
    'pwa/start.ts',
  ],
  // Its notices are the "not a human" one only, drawn without the notices' chunk. The model
  // picker in its header and the read mark load once the conversation has rendered.
  '/chat/<id>': [
    'features/themes/UserThemeApplier.tsx',
    'features/chat/ModelPicker.tsx',
    'features/chat/read-mark.ts',
    'pwa/start.ts',
  ],
};

describe('/chat JavaScript budget', () => {
  const manifest = loadManifest();
  const entry = entryKey(manifest);
  const chatKey = moduleKey(manifest, 'pages/ChatPage.tsx');
  const firstLoad = new Set([
    ...staticClosure(manifest, entry),
    ...staticClosure(manifest, chatKey),
  ]);
  const files = jsFiles(manifest, firstLoad);
  const code = files.map(readBuilt).join('\n');

  it('finds the entry and the chat route chunk', () => {
    expect(entry).toBeDefined();
    expect(chatKey).toBeDefined();
    expect(manifest[entry]!.dynamicImports).toContain(chatKey);
    // The server names the mode chooser's chunk in a returning reader's /chat by this key.
    expect(manifest[MODE_CHOOSER_MODULE]?.file).toMatch(/ModeChooser-.+\.js$/);
  });

  it(`loads at most ${FIRST_LOAD_BUDGET_BYTES / 1024} KB of JavaScript gzipped first`, () => {
    const total = files.reduce((sum, f) => sum + gzippedSize(f), 0);
    console.log(
      `/chat first-load JS: ${(total / 1024).toFixed(2)} KB gzipped in ${files.length} files`,
    );
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  for (const [page, parts] of Object.entries(PAGES)) {
    it(`${page} fetches at most ${CHAT_BUDGET_BYTES / 1024} KB gzipped by itself`, () => {
      const fetched = new Set(firstLoad);
      for (const part of parts) {
        const key = moduleKey(manifest, part);
        expect(key, part).toBeDefined();
        staticClosure(manifest, key, fetched);
      }
      const fetchedFiles = jsFiles(manifest, fetched);
      const total = fetchedFiles.reduce((sum, f) => sum + gzippedSize(f), 0);
      console.log(
        `${page} JS fetched in all: ${(total / 1024).toFixed(2)} KB gzipped in ${fetchedFiles.length} files`,
      );
      expect(total).toBeLessThanOrEqual(CHAT_BUDGET_BYTES);
    });
  }

  it('renders markdown with its own small parser, in the first load', () => {
    // react-markdown's pipeline was 36 KB gzipped, a chunk every chat page waited for; our
    // parser (features/chat/markdown.ts) is about 3 KB and needs no chunk of its own.
    expect(moduleKey(manifest, 'features/chat/MarkdownText.tsx')).toBe(chatKey);
    // A micromark construct name: no markdown library came back.
    expect(code).not.toContain('codeFenced');
  });

  it("lists with a lazy part's preloads only what is not loaded yet, and icons without keys", () => {
    // The chat chunk's lazy parts (its dialogs, menus, the send protocol) never name the files
    // the chat page has loaded already, nor themselves (scripts/vite-preload-lists.ts).
    const chat = readBuilt(manifest[chatKey]!.file);
    const listed = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(chat)?.[1];
    expect(listed).toBeDefined();
    const names = JSON.parse(listed!) as string[];
    expect(names.length).toBeGreaterThan(10);
    for (const key of firstLoad) expect(names).not.toContain(manifest[key]!.file);
    // Lucide's random key on each part of a drawing (scripts/vite-icon-keys.ts).
    expect(code).toMatch(/\[`path`,\{d:`/);
    expect(code).not.toMatch(/\{d:`[^`]*`,key:`/);
  });

  it('keeps Radix out of the first load: menus, dialogs and the slider load on first use', () => {
    // Radix's data attribute on every open/closed part; the chat's shell needs none of them.
    expect(code).not.toContain('data-radix-');
    for (const lazyPart of ['components/ui/menu-radix.tsx', 'components/ui/dialog.tsx']) {
      expect(firstLoad.has(moduleKey(manifest, lazyPart))).toBe(false);
    }
  });

  it('loads the send protocol and the stream reader with the first message sent', () => {
    // What runs only once the user sends (the credit check, the new conversation, the reply's
    // stream and what it changes in the cache) is a chunk of its own (decision 0051).
    const protocol = moduleKey(manifest, 'features/chat/send-protocol.ts');
    expect(protocol).toBeDefined();
    expect(firstLoad.has(protocol)).toBe(false);
    expect(moduleKey(manifest, 'features/chat/stream-reply.ts')).toBe(protocol);
  });

  it('keeps zod and the sign-in dialog out of the first load', () => {
    // Chat components import schema modules for types only; zod (about 24 KB gzipped) is form and
    // response validation, loaded with the dialogs and the signed-in theme check.
    expect(code).not.toContain('ZodError');
    expect(firstLoad.has(moduleKey(manifest, 'features/auth/AuthDialog.tsx'))).toBe(false);
  });
});
