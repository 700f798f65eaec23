import { useEffect, type RefObject } from 'react';

/**
 * The height of the message box at the foot of the chat, published as the CSS variable
 * --composer-inset so that toasts sit above it instead of covering it.
 */
export function useComposerInset(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty('--composer-inset', `${el.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--composer-inset');
    };
  }, [ref]);
}
