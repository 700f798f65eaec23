import { Loader2, Mic, Square } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { costText } from '../../lib/cost-text';
import { useSiteStatus } from '../site/site-status';
import { microphoneProblem, startRecording, type Recording } from './recorder';
import { useTranscribe } from './voice-api';

type State = 'idle' | 'starting' | 'recording' | 'sending';

export const VOICE_INPUT_PAUSED =
  'Voice input is paused for maintenance, with replies. Please try again soon.';

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The composer's microphone (issue 50): press to record, press again (or wait a minute) to stop;
 * the words join what is in the message box (`box`, its `setText`; `grow` fits its height), with
 * the focus at their end, for the user to check and send. Escape
 * while recording throws the recording away. A refused or missing microphone says so and changes
 * nothing else, as does a paid recording while replies are paused for maintenance.
 */
export function MicButton({
  box,
  setText,
  grow,
  disabled,
}: {
  box: RefObject<HTMLTextAreaElement | null>;
  setText: Dispatch<SetStateAction<string>>;
  grow: () => void;
  disabled: boolean;
}) {
  const [state, setState] = useState<State>('idle');
  const [seconds, setSeconds] = useState(0);
  const recording = useRef<Recording | null>(null);
  const transcribe = useTranscribe();
  // What a recording costs, said before it is made (nothing when the operator made it free).
  const status = useSiteStatus().data;
  const credits = status?.features?.transcriptionCredits ?? 0;
  const cost = credits > 0 ? ` (${costText(credits)})` : '';
  // A paid recording is refused while replies are paused (decision 0059): said before the user
  // speaks for nothing.
  const paused = credits > 0 && status?.maintenance.enabled === true;

  useEffect(() => {
    if (state !== 'recording') return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [state]);
  // Leaving the chat while recording: the microphone is let go, nothing is sent.
  useEffect(() => () => recording.current?.cancel(), []);

  const insert = (spoken: string) => {
    setText((current) => (current.trim() ? `${current.trimEnd()} ${spoken}` : spoken));
    requestAnimationFrame(() => {
      grow();
      const el = box.current;
      el?.focus();
      el?.setSelectionRange(el.value.length, el.value.length);
    });
  };
  const finish = async () => {
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    setState('sending');
    try {
      insert(await transcribe.mutateAsync(await current.stop()));
    } catch (error) {
      toast({
        title: error instanceof ApiError ? error.message : 'Your recording could not be sent.',
        variant: 'destructive',
      });
    } finally {
      setState('idle');
    }
  };
  const start = async () => {
    if (paused) {
      toast({ title: VOICE_INPUT_PAUSED, variant: 'destructive' });
      return;
    }
    setState('starting');
    try {
      recording.current = await startRecording(() => void finish());
      setSeconds(0);
      setState('recording');
    } catch (error) {
      setState('idle');
      toast({ title: microphoneProblem(error), variant: 'destructive' });
    }
  };
  const cancel = () => {
    recording.current?.cancel();
    recording.current = null;
    setState('idle');
  };

  const recordingNow = state === 'recording';
  const busy = state === 'starting' || state === 'sending';
  return (
    <button
      type="button"
      aria-label={
        recordingNow
          ? `Stop recording (${clock(seconds)})`
          : state === 'sending'
            ? 'Turning your words into text…'
            : `Speak instead of typing${cost}`
      }
      data-testid="mic-button"
      data-state={state}
      disabled={disabled}
      // Busy, the button keeps the focus (a disabled one would drop it): it only stops listening.
      aria-disabled={busy}
      onClick={() => {
        if (!busy) void (recordingNow ? finish() : start());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && recordingNow) {
          event.preventDefault();
          cancel();
        }
      }}
      className={`mb-0.5 flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-xl p-2 disabled:opacity-50 aria-disabled:opacity-50 ${
        recordingNow ? 'bg-danger text-on-accent' : 'text-muted hover:bg-hover-strong hover:text-fg'
      }`}
    >
      {recordingNow ? (
        <>
          <Square className="size-4" fill="currentColor" aria-hidden />
          <span className="text-xs tabular-nums" aria-hidden>
            {clock(seconds)}
          </span>
        </>
      ) : busy ? (
        <Loader2 className="size-5 animate-spin" aria-hidden />
      ) : (
        <Mic className="size-5" aria-hidden />
      )}
    </button>
  );
}
