import { useLayoutEffect, useRef, type UIEvent } from 'react';

/** Older messages start loading when the user scrolls this close to the top. */
const LOAD_OLDER_PX = 120;

/**
 * Scroll anchoring for the message list: new messages (and a growing reply) scroll into view;
 * older pages loaded above keep the message the user was reading where it was.
 */
export function useMessageScroll({
  newestId,
  streaming,
  mode,
  oldestId,
  canLoadOlder,
  fetchOlder,
}: {
  newestId: number | string | undefined;
  /** The reply as it grows. */
  streaming: string | null;
  /** The list first renders once the mode is known (the conversation may load after messages). */
  mode: string | null;
  oldestId: number | string | undefined;
  canLoadOlder: boolean;
  fetchOlder: () => void;
}) {
  const bottom = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const distanceFromBottom = useRef<number | null>(null);

  useLayoutEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId, streaming, mode]);

  const loadOlder = () => {
    if (!canLoadOlder) return;
    const el = scroller.current;
    if (el) distanceFromBottom.current = el.scrollHeight - el.scrollTop;
    fetchOlder();
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && distanceFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - distanceFromBottom.current;
      distanceFromBottom.current = null;
    }
  }, [oldestId]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (e.currentTarget.scrollTop < LOAD_OLDER_PX) loadOlder();
  };

  return { bottom, scroller, loadOlder, onScroll };
}
