import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteStatus } from '../../../shared/site/contract';
import { getSiteStatus } from '../../../shared/site/endpoints';
import { transcribe as transcribeEndpoint } from '../../../shared/voice/endpoints';
import { upload } from '../../lib/transfer';
import { CREDITS_KEY } from '../chat-data/api';

/** Sends a recording (multipart, field `file`) and answers the words in it. */
async function transcribe(recording: Blob): Promise<string> {
  const extension = recording.type.includes('ogg')
    ? 'ogg'
    : recording.type.includes('mp4')
      ? 'm4a'
      : 'webm';
  const { text } = await upload(transcribeEndpoint, recording, {
    fileName: `recording.${extension}`,
    failure: 'Your recording could not be sent.',
  });
  return text;
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
