import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onNear` when the element in `ref` comes within `margin` pixels of being visible in the box that
 * scrolls it (the sidebar, not the window), for infinite lists. The observer is made afresh
 * each time `enabled` turns true (after each page has loaded), so an element still in view
 * after a short page asks again. Browsers without IntersectionObserver keep the element itself,
 * a button, as the way to load more.
 */
export function useNearView(
  ref: RefObject<HTMLElement | null>,
  onNear: () => void,
  { enabled, margin = 240 }: { enabled: boolean; margin?: number },
) {
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { root: scrollingBox(element), rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, margin]);
}

/** The nearest ancestor that scrolls; null (the viewport) when none does. */
function scrollingBox(element: HTMLElement): HTMLElement | null {
  for (let box = element.parentElement; box; box = box.parentElement) {
    if (/(auto|scroll|overlay)/.test(getComputedStyle(box).overflowY)) return box;
  }
  return null;
}
