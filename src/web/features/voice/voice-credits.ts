import type { QueryClient } from '@tanstack/react-query';
import type { SiteStatus } from '../../../shared/site/contract';
import { getSiteStatus } from '../../../shared/site/endpoints';
import { CREDITS_KEY } from '../chat-data/api';

/** Which voice the operator may charge for: read-aloud (SPEECH_CREDITS) or voice input (TRANSCRIPTION_CREDITS). */
export type ChargedVoice = 'speechCredits' | 'transcriptionCredits';

/**
 * After a request for a voice: the credits left are read again where the operator charges for
 * it (taken when it worked, given back when it failed), and not at all where it is free. `afterMs`
 * waits for a refund the server makes a moment after the browser let go.
 */
export function creditsMayHaveChanged(client: QueryClient, voice: ChargedVoice, afterMs = 0) {
  const status = client.getQueryData<SiteStatus>([getSiteStatus.path]);
  if (!status?.features?.[voice]) return;
  const read = () => void client.invalidateQueries({ queryKey: CREDITS_KEY });
  if (afterMs > 0) setTimeout(read, afterMs);
  else read();
}
