import { lazy, useEffect, useState, type ComponentType } from 'react';

/**
 * A component in a chunk of its own that can be fetched ahead of time. Once `preload()` has
 * brought it, it renders at once; before that it renders through React.lazy (the nearest
 * Suspense shows its fallback). Rendering a preloaded part directly matters: a lazy component
 * suspends at least once, and React 19 then holds the reveal back until 300 ms after the
 * fallback appeared (decision 0020). `useReady()` fetches it on mount and says when it is here,
 * for a caller that shows its own placeholder meanwhile and never suspends.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => void (loaded = component),
      // A failed download is tried again by React.lazy when the part renders (and shown there).
      () => void (loading = null),
    ));
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded part would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  function useReady() {
    const [ready, setReady] = useState(() => loaded !== null);
    useEffect(() => {
      if (!ready) void preload().then(() => setReady(true));
    }, [ready]);
    return ready;
  }
  return Object.assign(Preloadable, { preload, useReady });
}
