import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { apiTestSetup, json } from './api-double';
import {
  answerChatReads,
  CONVERSATION,
  conversationDetail,
  mira,
  threadMessage,
} from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * A read that fails is not a conversation that is gone: "not found" only when the server says
 * so (404); anything else (a server error, no connection) says it could not load, with a way to
 * try again that works once the server answers.
 */

const setup = apiTestSetup();
beforeEach(() => answerChatReads(setup.api, () => [threadMessage(10, 'ai', 'Hello there')]));

function openChat() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
}

describe('a conversation that cannot be read', () => {
  it('is "not found" when the server says it is gone', async () => {
    setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
      json(res, 404, { message: 'Conversation not found' }),
    );
    openChat();
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new chat' })).toBeTruthy();
  });

  it('could not be loaded when the server failed, and opens once it answers again', async () => {
    let failing = true;
    setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
      failing
        ? json(res, 500, { message: 'Something went wrong' })
        : json(res, 200, conversationDetail()),
    );
    openChat();
    expect(
      await screen.findByRole('heading', { name: 'Could not load this conversation' }),
    ).toBeTruthy();
    expect(screen.queryByText('Conversation not found')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello there')).toBeTruthy();
  });

  it('says its messages could not be loaded, not that it is empty, and tries again', async () => {
    let failing = true;
    setup.api.on(`GET /api/conversations/${CONVERSATION}/messages`, (_req, _body, res) =>
      failing
        ? json(res, 500, { message: 'Something went wrong' })
        : json(res, 200, [threadMessage(10, 'ai', 'Hello there')]),
    );
    openChat();
    expect(await screen.findByText('Could not load the messages.')).toBeTruthy();
    expect(screen.queryByText('Say hello to Mira!')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello there')).toBeTruthy();
  });
});
