import { describe, expect, it } from 'vitest';
import {
  bubbleRevealDelay,
  excerpt,
  normalizeChatMode,
  splitIntoBubbles,
} from '../../src/shared/chat/rules';

describe('excerpt', () => {
  it('cuts at 28 characters and adds ...', () => {
    expect(excerpt('The quick brown fox jumps over the lazy dog')).toBe(
      'The quick brown fox jumps ov...',
    );
  });
  it('leaves short text alone and flattens whitespace', () => {
    expect(excerpt('Hi\n\nthere')).toBe('Hi there');
    expect(excerpt('x'.repeat(28))).toBe('x'.repeat(28));
    expect(excerpt(null)).toBe('');
  });
});

describe('splitIntoBubbles', () => {
  it('splits on blank lines into trimmed bubbles', () => {
    expect(splitIntoBubbles('hey you 😊\n\nmissed you\n \n  what are you up to?  ')).toEqual([
      'hey you 😊',
      'missed you',
      'what are you up to?',
    ]);
  });
  it('keeps single line breaks inside a bubble and drops empties', () => {
    expect(splitIntoBubbles('*smiles*\nhello')).toEqual(['*smiles*\nhello']);
    expect(splitIntoBubbles('\n\n\n')).toEqual([]);
  });
});

describe('bubble timing and modes', () => {
  it('reveals bubble n after n × 1 s + 0.5 s', () => {
    expect([0, 1, 2].map(bubbleRevealDelay)).toEqual([500, 1500, 2500]);
  });
  it('treats unknown chat modes as assistant', () => {
    expect(normalizeChatMode('immersive')).toBe('immersive');
    expect(normalizeChatMode('texting')).toBe('texting');
    expect(normalizeChatMode('message')).toBe('message');
    expect(normalizeChatMode('whatever')).toBe('assistant');
    expect(normalizeChatMode(undefined)).toBe('assistant');
  });
});
