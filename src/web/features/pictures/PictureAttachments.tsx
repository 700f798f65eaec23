import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { Attachment } from '../../../shared/chat/contract';
import { preloadable } from '../../lib/preloadable';

// The full-size view (the app's dialog): fetched when a picture can be pressed, not with the
// thread.
const PictureViewer = preloadable(() => import('./PictureViewer').then((m) => m.PictureViewer));

/**
 * The pictures a message carries (issue 50 part 3: 'Send me a picture'), under its text: each a
 * button that opens it full size (PictureViewer.tsx), the focus coming back to it on close. The
 * width and height are the stored picture's, so the thread keeps its place while it loads: at
 * most 320 px wide (the thread's width on a phone), in its own proportions. The thread's
 * messages do not know their character's name: the description says 'the character'.
 */
export function PictureAttachments({ attachments }: { attachments: Attachment[] }) {
  // The picture last opened; the viewer stays mounted once opened, so that its closing runs to
  // the end (the focus given back).
  const [view, setView] = useState<{ index: number; open: boolean } | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const alt = 'A picture from the character';
  const picture = view && attachments[view.index];
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => keepReaderAtTheEnd(box.current), []);

  return (
    <div ref={box} className="flex w-full flex-col items-start" data-testid="picture-attachments">
      {attachments.map((attachment, index) => (
        <button
          // The stored pictures never change order.
          key={attachment.url}
          ref={(element) => {
            thumbnails.current[index] = element;
          }}
          type="button"
          // Fetched when it can be pressed, so that it opens at once.
          onPointerEnter={() => void PictureViewer.preload()}
          onFocus={() => void PictureViewer.preload()}
          aria-label="Open the picture full size"
          onClick={() => setView({ index, open: true })}
          className="mt-2 block w-80 max-w-full overflow-hidden rounded-xl bg-surface hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          <img
            src={attachment.url}
            width={attachment.width}
            height={attachment.height}
            alt={alt}
            loading="lazy"
            decoding="async"
            className="block h-auto w-full"
          />
        </button>
      ))}
      {view && picture && (
        // Its own fallback: the thumbnails stay (with the focus) while its chunk comes.
        <Suspense fallback={null}>
          <PictureViewer
            open={view.open}
            picture={picture}
            alt={alt}
            onClose={() => setView({ ...view, open: false })}
            returnFocus={() => thumbnails.current[view.index]?.focus()}
          />
        </Suspense>
      )}
    </div>
  );
}

/** How close to the end of the thread a reader counts as reading its end. */
const AT_THE_END_PX = 80;

/**
 * The pictures are drawn a moment after their message (this chunk comes then), which pushes the
 * end of the thread down: a reader who was at its end (a picture just sent, a thread just opened)
 * is kept there, so the picture is seen whole; one reading further up is left where they are.
 */
function keepReaderAtTheEnd(pictures: HTMLElement | null) {
  let scroller = pictures?.parentElement ?? null;
  while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowY)) {
    scroller = scroller.parentElement;
  }
  if (!pictures || !scroller) return;
  const below = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
  if (below - pictures.offsetHeight < AT_THE_END_PX) scroller.scrollTop = scroller.scrollHeight;
}
