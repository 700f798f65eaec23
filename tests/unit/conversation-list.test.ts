import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../src/shared/chat/contract';
import {
  decodeConversationCursor,
  encodeConversationCursor,
} from '../../src/shared/chat/conversation-cursor';
import {
  listedConversations,
  placeConversation,
  type ConversationPages,
} from '../../src/web/features/chat-data/conversation-list';

describe('conversation cursor', () => {
  it('round-trips a place in the list as an opaque, URL-safe token', () => {
    for (const cursor of [
      { updatedAt: '2026-03-01T12:00:00.123456Z', id: 1 },
      { updatedAt: '1999-12-31T23:59:59.999999Z', id: 2_147_483_647 },
      { updatedAt: '2028-02-29T00:00:00.000000Z', id: 42 },
    ]) {
      const token = encodeConversationCursor(cursor);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeConversationCursor(token)).toEqual(cursor);
    }
  });

  it('refuses anything it did not make', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const token of [
      '',
      '!!',
      'a'.repeat(101),
      b64('2026-03-01T12:00:00.123456Z'),
      b64('2026-03-01T12:00:00.123Z|5'),
      b64('2026-03-01T12:00:00.123456+01:00|5'),
      b64('2026-02-29T12:00:00.000000Z|5'), // not a leap year
      b64('2026-13-01T12:00:00.000000Z|5'),
      b64('0000-01-01T00:00:00.000000Z|5'),
      b64('2026-03-01T12:00:00.123456Z|05'),
      b64('2026-03-01T12:00:00.123456Z|-5'),
      b64('2026-03-01T12:00:00.123456Z|2147483648'),
      b64('2026-03-01T12:00:00.123456Z|5|6'),
    ]) {
      expect(decodeConversationCursor(token), token).toBeNull();
    }
  });
});

describe('placing a changed conversation in the loaded pages', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const summary = (id: number, minute = id): ConversationSummary => ({
    id,
    characterId: 1,
    title: `Chat ${id}`,
    lastMessage: null,
    message_count: 0,
    unread: false,
    leafId: 0,
    chatMode: 'assistant',
    model: null,
    updatedAt: at(minute),
  });
  /** Pages of the given ids (each updated at its id's minute), the last with `nextCursor`. */
  const pagesOf = (pages: number[][], nextCursor: string | null): ConversationPages => ({
    pages: pages.map((ids, i) => ({
      conversations: ids.map((id) => summary(id)),
      nextCursor: i === pages.length - 1 ? nextCursor : `after-${ids.at(-1)}`,
    })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `after-${pages[i - 1]!.at(-1)}`)),
  });
  const ids = (data: ConversationPages) => data.pages.map((p) => p.conversations.map((c) => c.id));

  it('moves a conversation to the top when it is the newest', () => {
    const data = pagesOf(
      [
        [9, 8, 7],
        [6, 5, 4],
      ],
      'after-4',
    );
    expect(ids(placeConversation(data, summary(5, 60)))).toEqual([
      [5, 9, 8, 7],
      [6, 4],
    ]);
  });

  it('keeps its place when only the preview changed, and orders equal times by id', () => {
    const data = pagesOf([[9, 8, 7]], null);
    const edited = { ...summary(8), lastMessage: 'Edited' };
    expect(listedConversations(placeConversation(data, edited))[1]).toEqual(edited);
    expect(ids(placeConversation(data, summary(10, 8)))).toEqual([[9, 10, 8, 7]]);
    expect(ids(placeConversation(data, summary(3, 8)))).toEqual([[9, 8, 3, 7]]);
  });

  it('leaves one older than everything loaded to its page, unless no page is left', () => {
    expect(ids(placeConversation(pagesOf([[9, 8]], 'after-8'), summary(2)))).toEqual([[9, 8]]);
    expect(ids(placeConversation(pagesOf([[9, 8]], null), summary(2)))).toEqual([[9, 8, 2]]);
  });

  it('changes nothing it was given', () => {
    const data = pagesOf([[9, 8, 7]], null);
    const copy = structuredClone(data);
    placeConversation(data, summary(7, 60));
    expect(data).toEqual(copy);
  });
});
