import { describe, expect, it } from 'vitest';
import { screenMessage } from '../../../src/server/modules/safety/message-screen';
import {
  crisisBorderline,
  crisisDefinite,
  crisisNone,
  minorDefinite,
  minorNone,
  type Case,
} from './held-out';

/**
 * The crisis protocol's local rule against held-out lists written apart from it (decision 0042):
 * what must trigger, what the model must be asked about, and what must not trigger.
 */
const verdicts = (cases: Case[], pick: (c: Case) => string) =>
  cases.map((c) => ({ text: c.text, mode: c.mode ?? 'chat', verdict: pick(c) }));
const crisisOf = (c: Case) => screenMessage(c.text, c.mode ?? 'chat').crisis;
const minorOf = (c: Case) => screenMessage(c.text, c.mode ?? 'chat').minor;

describe('the crisis rule', () => {
  it('finds every clear first-person expression of suicidal ideation or self-harm', () => {
    const missed = verdicts(crisisDefinite, crisisOf).filter((v) => v.verdict !== 'crisis');
    expect(missed).toEqual([]);
  });

  it('asks the model about unclear distress instead of passing it', () => {
    const missed = verdicts(crisisBorderline, crisisOf).filter((v) => v.verdict === 'none');
    expect(missed).toEqual([]);
  });

  it('leaves idioms, fiction, other people and the past alone', () => {
    const flagged = verdicts(crisisNone, crisisOf).filter((v) => v.verdict !== 'none');
    expect(flagged).toEqual([]);
  });

  it('asks the model about a first-person line inside a Story Mode action or dialogue', () => {
    expect(screenMessage('*I raise the dagger* "I want to die with honour!"', 'story').crisis).toBe(
      'borderline',
    );
    expect(
      screenMessage('(ooc) honestly i want to die, not the character, me', 'story').crisis,
    ).toBe('crisis');
    expect(screenMessage('I want to die', 'chat').crisis).toBe('crisis');
  });

  it('answers nothing found for an ordinary message', () => {
    expect(screenMessage('Good morning! How did you sleep? ☀️')).toEqual({
      crisis: 'none',
      minor: 'none',
    });
  });
});

describe('the self-declared minor rule', () => {
  it('finds a user who says they are under 18 now', () => {
    const missed = verdicts(minorDefinite, minorOf).filter((v) => v.verdict !== 'minor');
    expect(missed).toEqual([]);
  });

  it('ignores the past, other people, characters, and numbers that are not ages', () => {
    const flagged = verdicts(minorNone, minorOf).filter((v) => v.verdict === 'minor');
    expect(flagged).toEqual([]);
  });

  it('leaves an age said in a story to the model, and a high-school senior to it too', () => {
    expect(screenMessage("I'm 15 and new in town, I tell the innkeeper", 'story').minor).toBe(
      'borderline',
    );
    expect(screenMessage("I'm a senior in high school")).toEqual({
      crisis: 'none',
      minor: 'borderline',
    });
  });
});
