import { describe, expect, it } from 'vitest';
import { MEMORY_LIMITS } from '../../src/shared/memories/rules';
import { memoryDraftOf } from '../../src/web/features/memories/memory-text';

/** 'Remember this' drafts the fact from the message as a memory should read (issue 45). */
describe('memoryDraftOf', () => {
  it('leaves out stage directions and keeps bold words without their markers', () => {
    expect(memoryDraftOf('*smiles* I grew up in **Lisbon**, by the sea.  *sips tea*')).toBe(
      'I grew up in Lisbon, by the sea.',
    );
  });

  it('collapses whitespace and tidies what a removed direction leaves behind', () => {
    expect(memoryDraftOf('*nods*, yes *laughs* .\n\n  My sister   is Maya\t*winks*')).toBe(
      'yes. My sister is Maya',
    );
  });

  it('keeps the words of a message that is only a stage direction', () => {
    expect(memoryDraftOf('*hugs you tightly*')).toBe('hugs you tightly');
  });

  it('cuts a long message to the longest a memory may be', () => {
    const draft = memoryDraftOf('word '.repeat(MEMORY_LIMITS.contentMaxLength));
    expect(draft).toHaveLength(MEMORY_LIMITS.contentMaxLength);
    expect(draft.endsWith('…')).toBe(true);
  });
});
