import { useQuery } from '@tanstack/react-query';
import { listVoices } from '../../../shared/voice/endpoints';
import { call } from '../../lib/api';

/**
 * The voices a character may speak in (issue 50), and whether voice replies are set up at all.
 * The list only changes when the operator restarts the server with other TTS_VOICES, so one
 * read per page is enough.
 */
export const useVoices = () =>
  useQuery({
    queryKey: [listVoices.path],
    queryFn: () => call(listVoices),
    staleTime: Infinity,
  });
