import { Loader2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';

const SPLASH_STEPS = [
  'Initializing user profile',
  'Preparing your character',
  'Generating scenario',
  'Sending message',
];

/**
 * 'Starting your fantasy': four steps, one every `stepMs` (2 s), while a new conversation starts.
 * It ends after `totalMs` (8 s); a start that takes longer goes on behind `typing`, the typing
 * indicator. A part of its own (lazy-parts.ts): only a new conversation's first message shows it;
 * what it shares with the chat is handed in, so no shared module leaves the chat's chunk.
 */
export function StartingSplash({
  typing,
  stepMs,
  totalMs,
}: {
  typing: ReactNode;
  stepMs: number;
  totalMs: number;
}) {
  const [step, setStep] = useState(0);
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setInterval(
      () => setStep((s) => Math.min(s + 1, SPLASH_STEPS.length - 1)),
      stepMs,
    );
    const end = setTimeout(() => setOver(true), totalMs);
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, [stepMs, totalMs]);
  if (over) return typing;
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
      <Loader2 className="size-10 animate-spin text-accent" aria-hidden />
      <p className="text-lg font-bold">Starting your fantasy</p>
      <p className="text-sm text-muted">{SPLASH_STEPS[step]}</p>
    </div>
  );
}
