import { describe, expect, it } from 'vitest';
import { firstReadUrls, pageQueries } from '../../src/shared/first-reads';
import { listConversations, listMessages } from '../../src/shared/chat/endpoints';
import { urlOf } from '../../src/shared/http/endpoint';
import { pageForPath } from '../../src/shared/routes';

describe('the pages paths show', () => {
  it('maps client routes to their page module and anything else to the not-found page', () => {
    expect(pageForPath('/')).toBe('LandingPage');
    expect(pageForPath('/chat')).toBe('ChatPage');
    expect(pageForPath('/chat/12')).toBe('ChatPage');
    expect(pageForPath('/chat/')).toBe('ChatPage');
    expect(pageForPath('/edit/3')).toBe('EditCharacterPage');
    expect(pageForPath('/safety')).toBe('SafetyPage');
    expect(pageForPath('/edit')).toBe('NotFoundPage');
    expect(pageForPath('/chat/1/2')).toBe('NotFoundPage');
    expect(pageForPath('/nowhere')).toBe('NotFoundPage');
  });
});

describe("the chat page's first reads", () => {
  const always = [
    '/api/get-credits',
    '/api/user-profile?empty=ok',
    '/api/characters',
    '/api/conversations?limit=30',
  ];

  it('are the lists for /chat, plus the character and the model list when one is named', () => {
    expect(firstReadUrls('/chat', '')).toEqual(always);
    expect(firstReadUrls('/chat', '?character=7')).toEqual([
      ...always,
      '/api/characters/7',
      '/api/models',
    ]);
  });

  it('add a conversation and its newest messages when the address names one', () => {
    expect(firstReadUrls('/chat/41', '?character=7')).toEqual([
      ...always,
      '/api/characters/7',
      '/api/models',
      '/api/conversations/41',
      '/api/conversations/41/messages?limit=50',
    ]);
    expect(firstReadUrls('/chat/41', '')).toEqual([
      ...always,
      '/api/conversations/41',
      '/api/conversations/41/messages?limit=50',
    ]);
  });

  it("open the remembered character on plain /chat, never over the address's own", () => {
    expect(firstReadUrls('/chat', '', 7)).toEqual([...always, '/api/characters/7', '/api/models']);
    expect(firstReadUrls('/chat', '?character=5', 7)).toEqual([
      ...always,
      '/api/characters/5',
      '/api/models',
    ]);
    // A conversation's address opens the conversation's own character, which it reads first.
    expect(firstReadUrls('/chat/41', '', 7)).toEqual([
      ...always,
      '/api/conversations/41',
      '/api/conversations/41/messages?limit=50',
    ]);
    // Any address below /chat is a conversation's, not-an-id ones too (the page opens none).
    expect(firstReadUrls('/chat/abc', '', 7)).toEqual(always);
    expect(firstReadUrls('/chat/', '', 7)).toEqual([...always, '/api/characters/7', '/api/models']);
    expect(firstReadUrls('/pricing', '', 7)).toEqual([]);
  });

  it('ignore ids that are not ids, and every other page', () => {
    expect(firstReadUrls('/chat/abc', '?character=1e3')).toEqual(always);
    expect(firstReadUrls('/chat/99999999999', '?character=-1')).toEqual(always);
    for (const page of ['/', '/pricing', '/create', '/edit/3', '/nowhere']) {
      expect(firstReadUrls(page, '?character=7')).toEqual([]);
    }
  });

  it('are the addresses the app asks for when it pages further', () => {
    // As the web app's queries build them (features/chat/api.ts): the endpoint and pageQueries.
    expect(
      urlOf(listConversations, null, pageQueries.conversations('2026-11-01T00:00:00.000Z|9')),
    ).toBe('/api/conversations?limit=30&before=2026-11-01T00%3A00%3A00.000Z%7C9');
    expect(urlOf(listMessages, { id: 41 }, pageQueries.messages(120))).toBe(
      '/api/conversations/41/messages?limit=50&before=120',
    );
  });
});
