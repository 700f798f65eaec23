import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSiteStatus } from '../../src/shared/site/endpoints';
import { useCredits } from '../../src/web/features/chat-data/api';
import { useTranscribe } from '../../src/web/features/voice/voice-api';
import { apiTestSetup, json, platformFormData } from './api-double';
import { withAppProviders } from './providers';

/**
 * Voice input the operator charges for (TRANSCRIPTION_CREDITS): the credits shown are read again
 * once the recording has been turned into text (taken) or refused (given back); a free one reads
 * nothing more.
 */

const setup = apiTestSetup();
platformFormData();
beforeEach(() =>
  setup.api.on('GET /api/get-credits', (_req, _body, res) => json(res, 200, { credits: 9 })),
);

const creditReads = () => setup.api.requests.filter((r) => r.path === '/api/get-credits').length;

/** The app's credits on screen, and the microphone's request; the site status as the app read it. */
async function microphone(transcriptionCredits: number) {
  setup.client.setQueryData([getSiteStatus.path], {
    announcement: null,
    maintenance: { enabled: false, message: '' },
    features: { voiceInput: true, transcriptionCredits, voiceReplies: false, speechCredits: 0 },
  });
  const { result } = renderHook(() => ({ credits: useCredits(), transcribe: useTranscribe() }), {
    wrapper: withAppProviders(setup.client),
  });
  await waitFor(() => expect(result.current.credits.isSuccess).toBe(true));
  return result;
}

const recording = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

describe('voice input and the credits shown', () => {
  it('reads the credits again after a paid recording, whether it worked or not', async () => {
    setup.api.on('POST /api/transcriptions', (_req, _body, res) =>
      json(res, 200, { text: 'Hello there' }),
    );
    const result = await microphone(2);
    const before = creditReads();
    await act(async () => {
      expect(await result.current.transcribe.mutateAsync(recording())).toBe('Hello there');
    });
    await waitFor(() => expect(creditReads()).toBe(before + 1));

    setup.api.on('POST /api/transcriptions', (_req, _body, res) =>
      json(res, 502, { message: 'Your recording could not be turned into text.' }),
    );
    await act(async () => {
      await expect(result.current.transcribe.mutateAsync(recording())).rejects.toThrow(
        'Your recording could not be turned into text.',
      );
    });
    await waitFor(() => expect(creditReads()).toBe(before + 2));
  });

  it('reads nothing more after a free recording', async () => {
    setup.api.on('POST /api/transcriptions', (_req, _body, res) =>
      json(res, 200, { text: 'Hello there' }),
    );
    const result = await microphone(0);
    const before = creditReads();
    await act(async () => {
      await result.current.transcribe.mutateAsync(recording());
    });
    await waitFor(() => expect(setup.client.isFetching()).toBe(0));
    expect(creditReads()).toBe(before);
  });
});
