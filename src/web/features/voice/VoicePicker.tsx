import { Play, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { voiceSample } from '../../../shared/voice/endpoints';
import { Field, Select } from '../../components/ui/form';
import { urlOf } from '../../lib/api';
import { errorOf } from '../../lib/transfer';
import { useVoices } from './voices-query';

const FIELD_ID = 'character-voice';
const SAMPLE_FAILED = 'The sample could not be played.';

/**
 * Why a sample did not play. The audio element only says that it failed, so the address is asked
 * once more to read the server's own message (not configured, too many samples, …).
 */
async function sampleProblem(url: string): Promise<string> {
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (response.ok) {
      await response.body?.cancel();
      return SAMPLE_FAILED;
    }
    const data: unknown = await response.json().catch(() => null);
    return errorOf(response, data, SAMPLE_FAILED).message;
  } catch {
    return SAMPLE_FAILED;
  }
}

/**
 * The voice a character speaks in (issue 50), with a sample to hear. Shown only when voice replies
 * are configured: without them, or while the list loads, the form is as it always was. `value`
 * null is the default voice.
 */
export function VoicePicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (voice: string | null) => void;
}) {
  const voices = useVoices().data;
  const [playing, setPlaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const stop = () => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(false);
  };
  // Leaving the form stops the sample.
  useEffect(() => () => audio.current?.pause(), []);

  if (!voices?.configured) return null;
  const defaultLabel =
    voices.voices.find((v) => v.id === voices.defaultVoice)?.label ?? voices.defaultVoice;
  // A voice the operator no longer offers stays shown as it is stored, not as the default.
  const unlisted = value !== null && !voices.voices.some((v) => v.id === value) ? value : null;

  const play = () => {
    const voice = value ?? voices.defaultVoice;
    if (!voice) return;
    const url = urlOf(voiceSample, { voice });
    const sample = new Audio(url);
    // Each sample reports only while it is the one playing: a stopped one's late events are not.
    const fail = async () => {
      if (audio.current !== sample) return;
      stop();
      setProblem(await sampleProblem(url));
    };
    sample.addEventListener('ended', () => audio.current === sample && stop());
    sample.addEventListener('error', () => void fail());
    audio.current = sample;
    setProblem(null);
    setPlaying(true);
    sample.play().catch((error: unknown) => {
      // Stopped before it began: not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) void fail();
    });
  };

  return (
    <Field
      id={FIELD_ID}
      label="Voice"
      hint="How they sound when you ask them to read a message aloud."
      error={problem ?? undefined}
    >
      <div className="flex gap-2">
        <Select
          id={FIELD_ID}
          className="min-h-11 min-w-0 flex-1"
          aria-describedby={problem ? `${FIELD_ID}-error` : undefined}
          value={value ?? ''}
          onChange={(e) => {
            if (playing) stop();
            onChange(e.target.value || null);
          }}
        >
          <option value="">Default ({defaultLabel})</option>
          {unlisted && <option value={unlisted}>{unlisted}</option>}
          {voices.voices.map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </Select>
        <button
          type="button"
          onClick={playing ? stop : play}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm font-semibold text-fg hover:bg-hover-strong"
        >
          {playing ? (
            <Square className="size-4" fill="currentColor" aria-hidden />
          ) : (
            <Play className="size-4" aria-hidden />
          )}
          {playing ? 'Stop sample' : 'Play sample'}
        </button>
      </div>
    </Field>
  );
}
