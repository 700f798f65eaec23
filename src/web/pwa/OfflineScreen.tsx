import { WifiOff } from 'lucide-react';
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from '../components/ui/button';
import { readBrand } from '../lib/brand';
import { OfflineConversation } from './OfflineConversation';
import { readOfflineConversations, type OfflineConversation as Kept } from './offline-reads';
import { reconnectWhenBack } from './reconnect';

/**
 * 'You are offline' (issue 52): shown instead of the app when the server cannot be reached
 * (./start.ts), with the last conversations the worker kept, to read. The app comes back by
 * itself when the connection does (a reload), or with 'Try again'.
 */
export function OfflineScreen() {
  const brand = readBrand();
  const heading = useRef<HTMLHeadingElement>(null);
  const [kept, setKept] = useState<Kept[] | null>(null);

  useEffect(() => {
    document.title = `You are offline · ${brand.name}`;
    // Told at once, also when the screen took the place of a page the user was on.
    heading.current?.focus();
    void readOfflineConversations().then(setKept, () => setKept([]));
  }, [brand.name]);

  return (
    <main className="min-h-dvh bg-main text-fg">
      <div className="mx-auto flex max-w-2xl flex-col px-4 py-10 sm:py-16">
        <WifiOff className="size-10 text-accent" aria-hidden />
        {/* Focused to be heard at once; not a control, so no focus ring (inline: over styles.css). */}
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-4 text-2xl font-bold"
          style={{ outline: 'none' }}
        >
          You are offline
        </h1>
        <p className="mt-2 text-muted">
          {brand.name} will reconnect by itself when your connection is back.
        </p>
        <Button size="lg" className="mt-6 self-start" onClick={() => location.reload()}>
          Try again
        </Button>
        {kept && (
          <section aria-labelledby="offline-kept" className="mt-10">
            <h2 id="offline-kept" className="text-lg font-semibold">
              Your last conversations
            </h2>
            {kept.length === 0 ? (
              <p className="mt-2 text-sm text-muted">
                Nothing is saved on this device to read offline yet.
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-muted">
                  Saved on this device, to read until you are back.
                </p>
                <div className="mt-4 space-y-3">
                  {kept.map((conversation, i) => (
                    <OfflineConversation
                      key={conversation.id}
                      conversation={conversation}
                      open={i === 0}
                    />
                  ))}
                </div>
              </>
            )}
          </section>
        )}
      </div>
    </main>
  );
}

/** Puts the offline screen in the app's place (the app, if it started, hidden and inert). */
export function mountOfflineScreen() {
  const app = document.getElementById('root');
  if (app) {
    app.hidden = true;
    app.inert = true;
  }
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <OfflineScreen />
    </StrictMode>,
  );
  // The server answers again: the app starts again as usual.
  reconnectWhenBack();
}
