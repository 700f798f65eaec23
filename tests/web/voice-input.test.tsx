import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { VOICE_INPUT_PAUSED } from '../../src/web/features/voice/MicButton';
import { apiTestSetup, json } from './api-double';
import { answerChatReads, CONVERSATION, mira, threadMessage } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * The composer's microphone (issue 50 part 2) is there only when the server says voice input
 * is configured, and a browser without a microphone API gets a message, not an error.
 */

const setup = apiTestSetup();
beforeEach(() => {
  answerChatReads(setup.api, () => [threadMessage(10, 'ai', 'Hello there')]);
});
// Runs before apiTestSetup()'s wait for the loads and its cleanup (Vitest runs afterEach hooks
// last-registered first); a toast that comes later is dismissed after the test (setup.ts).
afterEach(() => {
  for (const button of screen.queryAllByLabelText('Dismiss notification')) fireEvent.click(button);
});

function siteStatus(voiceInput: boolean, maintenance = false) {
  setup.api.on('GET /api/site/status', (_req, _body, res) =>
    json(res, 200, {
      announcement: null,
      maintenance: { enabled: maintenance, message: '' },
      features: {
        voiceInput,
        transcriptionCredits: voiceInput ? 2 : 0,
        voiceReplies: false,
        speechCredits: 0,
      },
    }),
  );
}

async function openChat() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  await screen.findByPlaceholderText('Message Mira...');
  await waitFor(() =>
    expect(setup.api.requests.some((r) => r.path === '/api/site/status')).toBe(true),
  );
}

describe('the microphone', () => {
  it('is absent when the server has no speech to text', async () => {
    siteStatus(false);
    await openChat();
    await waitFor(() => expect(setup.client.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Speak instead of typing' })).toBeNull();
  });

  it('says so when the browser cannot record, and leaves the box as it was', async () => {
    siteStatus(true);
    await openChat();
    // Its cost, before it is pressed.
    const mic = await screen.findByRole('button', { name: 'Speak instead of typing (2 messages)' });
    const box = screen.getByPlaceholderText('Message Mira...');
    fireEvent.change(box, { target: { value: 'typed' } });
    fireEvent.click(mic);
    expect(
      await screen.findByText('This browser cannot record here. Please type your message.'),
    ).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('typed');
    expect(setup.api.requests.some((r) => r.path === '/api/transcriptions')).toBe(false);
  });

  it('says a paid recording is paused for maintenance before anything is recorded', async () => {
    siteStatus(true, true);
    await openChat();
    const mic = await screen.findByRole('button', { name: 'Speak instead of typing (2 messages)' });
    fireEvent.click(mic);
    expect(await screen.findByText(VOICE_INPUT_PAUSED)).toBeTruthy();
    // Not the browser's microphone problem: nothing was asked of it.
    expect(
      screen.queryByText('This browser cannot record here. Please type your message.'),
    ).toBeNull();
    expect(mic.getAttribute('data-state')).toBe('idle');
    expect(setup.api.requests.some((r) => r.path === '/api/transcriptions')).toBe(false);
  });
});
