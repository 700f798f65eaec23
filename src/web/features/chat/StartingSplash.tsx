import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat/rules';
import { TypingIndicator } from './MessageParts';

const SPLASH_STEPS = [
  'Initializing user profile',
  'Preparing your character',
  'Generating scenario',
  'Sending message',
];

/**
 * 'Starting your fantasy': four steps, one every 2 s, while a new conversation starts. It ends
 * after 8 s; a start that takes longer goes on behind the typing indicator.
 */
export function StartingSplash() {
  const [step, setStep] = useState(0);
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setInterval(
      () => setStep((s) => Math.min(s + 1, SPLASH_STEPS.length - 1)),
      CHAT_LIMITS.splashStepMs,
    );
    const end = setTimeout(() => setOver(true), CHAT_LIMITS.splashTotalMs);
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, []);
  if (over) return <TypingIndicator />;
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
      <Loader2 className="size-10 animate-spin text-accent" aria-hidden />
      <p className="text-lg font-bold">Starting your fantasy</p>
      <p className="text-sm text-muted">{SPLASH_STEPS[step]}</p>
    </div>
  );
}
