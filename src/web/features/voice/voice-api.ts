import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteStatus } from '../../../shared/site/contract';
import { getSiteStatus } from '../../../shared/site/endpoints';
import type { Transcription } from '../../../shared/voice/contract';
import { transcribe as transcribeEndpoint } from '../../../shared/voice/endpoints';
import type { ErrorBody } from '../../../shared/http/error-body';
import { ApiError, urlOf } from '../../lib/api';
import { CREDITS_KEY } from '../chat-data/api';

/** Sends a recording (multipart, field `file`) and answers the words in it. */
async function transcribe(recording: Blob): Promise<string> {
  const form = new FormData();
  const extension = recording.type.includes('ogg')
    ? 'ogg'
    : recording.type.includes('mp4')
      ? 'm4a'
      : 'webm';
  form.append('file', recording, `recording.${extension}`);
  const response = await fetch(urlOf(transcribeEndpoint), {
    method: transcribeEndpoint.method,
    body: form,
    credentials: 'include',
  });
  const data = (await response.json().catch(() => ({}))) as Partial<Transcription> &
    Partial<ErrorBody>;
  if (!response.ok || typeof data.text !== 'string') {
    throw new ApiError(response.status, data.message || 'Your recording could not be sent.');
  }
  return data.text;
}

/**
 * A recording turned into text. Where the operator charges for it (TRANSCRIPTION_CREDITS), the
 * credits left are read again when it is over: taken when it worked, given back when it failed.
 */
export function useTranscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: transcribe,
    // As speech-player.ts's creditsMayHaveChanged (kept apart: see there).
    onSettled: () => {
      const status = client.getQueryData<SiteStatus>([getSiteStatus.path]);
      if (status?.features?.transcriptionCredits) {
        void client.invalidateQueries({ queryKey: CREDITS_KEY });
      }
    },
  });
}
