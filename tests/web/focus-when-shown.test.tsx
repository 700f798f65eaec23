import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenShown } from '../../src/web/features/chat/focus-when-shown';

/**
 * A keyboard user who presses ‹ or › keeps the focus on that arrow of the version now shown, and
 * Regenerate keeps it on the new reply's button: the thread draws the message anew under another
 * id, and the button pressed goes with the old one. Plain DOM here: what the thread draws, in the
 * order it can draw it.
 */

const ARROWS = ['previous-version', 'next-version'];

/** Draws message `id` with its two arrows (a fresh element each time, as a new draw). */
function draw(id: number) {
  const message = document.createElement('div');
  message.dataset.messageId = String(id);
  for (const action of ARROWS) {
    const button = document.createElement('button');
    button.dataset.action = action;
    message.append(button);
  }
  document.body.append(message);
  return message;
}
const arrow = (id: number, action: string) =>
  document.querySelector<HTMLButtonElement>(`[data-message-id="${id}"] [data-action="${action}"]`)!;
/** Version 1 drawn, its `action` arrow pressed from the keyboard (so focused). */
function press(action: string) {
  const message = draw(1);
  const pressed = arrow(1, action);
  pressed.focus();
  return { message, pressed };
}
const frames = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((done) => requestAnimationFrame(() => done(null)));
};

/** The thread drawing anew: `old` goes, message `id` comes, and a few frames pass. */
async function drawAnew(old: Element, id: number) {
  old.remove();
  draw(id);
  await frames();
}

afterEach(async () => {
  // Any follower left running ends: a newer press (this one, with nothing to find) wins.
  focusWhenShown([], []);
  document.body.replaceChildren();
});

describe('the focus after a version switch', () => {
  it.each([
    ['still on the arrow pressed', true],
    ['fallen to the page', false],
  ])(
    'ends on the new version, though the old one was still drawn as the switch came back (focus %s)',
    async (_, stillOnPressed) => {
      // ‹ pressed on version 1: focusWhenShown asks for version 2, or 1 if the switch failed.
      const old = draw(1);
      const pressed = arrow(1, 'previous-version');
      if (stillOnPressed) pressed.focus();
      focusWhenShown([2, 1], ARROWS, pressed);
      await frames();
      // For now the old version is the one to be on…
      expect(document.activeElement).toBe(pressed);
      await drawAnew(old, 2);
      // …and once the new one is drawn, it is.
      expect(document.activeElement).toBe(arrow(2, 'previous-version'));
    },
  );

  it('follows the button when the thread draws the message anew once more', async () => {
    const { message, pressed } = press('next-version');
    message.remove(); // the focus falls to the page's body
    const first = draw(2);
    focusWhenShown([2], ['next-version', 'previous-version'], pressed);
    await frames();
    expect(document.activeElement).toBe(arrow(2, 'next-version'));
    // Its conversation's data comes: the same message, drawn again.
    await drawAnew(first, 2);
    expect(document.activeElement).toBe(arrow(2, 'next-version'));
  });

  it('goes where the newest press says', async () => {
    const { message, pressed } = press('next-version');
    focusWhenShown([2], ARROWS, pressed);
    focusWhenShown([2], ['next-version', 'previous-version'], pressed);
    await drawAnew(message, 2);
    expect(document.activeElement).toBe(arrow(2, 'next-version'));
  });

  it('stops following once the button it focused starts something new', async () => {
    // › pressed and its version shown, then › pressed again: should the thread come back to
    // that version (‹ at once), the first press's follower leaves the focus to the newer press.
    const { message, pressed } = press('next-version');
    focusWhenShown([2], ['next-version', 'previous-version'], pressed);
    await drawAnew(message, 2);
    const placed = arrow(2, 'next-version');
    expect(document.activeElement).toBe(placed);
    placed.disabled = true; // pressed again: the thread is busy
    placed.blur();
    await drawAnew(placed.closest('[data-message-id]')!, 2);
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves the focus where the user took it', async () => {
    const box = document.createElement('textarea');
    document.body.append(box);
    const { message, pressed } = press('previous-version');
    focusWhenShown([2], ARROWS, pressed);
    box.focus(); // Tab to the message box, say
    await drawAnew(message, 2);
    expect(document.activeElement).toBe(box);
  });

  it('lets a button it focused be left for the page', async () => {
    draw(2);
    focusWhenShown([2], ARROWS);
    await frames();
    expect(document.activeElement).toBe(arrow(2, 'previous-version'));
    arrow(2, 'previous-version').blur(); // a click on the page's background
    await frames();
    expect(document.activeElement).toBe(document.body);
  });

  it('skips an arrow that cannot be pressed and takes the other', async () => {
    draw(1);
    arrow(1, 'previous-version').disabled = true; // the first version
    focusWhenShown([1], ARROWS);
    await frames();
    expect(document.activeElement).toBe(arrow(1, 'next-version'));
  });
});
