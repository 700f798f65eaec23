import { useEffect, useRef, type RefObject } from 'react';

/**
 * Nothing of the page's has the focus: it fell to the body (the focused button was disabled or
 * removed), or to the dialog around a part gone.
 */
export function focusIsLost() {
  const at = document.activeElement;
  return !at || at === document.body || at.getAttribute('role') === 'dialog';
}

/**
 * Moves the focus once the next render has put the target on the page: a field just added, or
 * the button that stays when the one pressed went away (a removed item, a closed panel). Without
 * it the focus falls to the page's body and what the user types next goes nowhere.
 */
export function useFocusAfterRender() {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const find = pending.current;
    pending.current = null;
    find?.()?.focus();
  });
  return (find: () => HTMLElement | null | undefined) => {
    pending.current = find;
  };
}

/**
 * Gives the focus back to the button that opened a part (an inline editor, a "Delete this?"
 * question) once that part has closed: the focus was on one of its controls, now gone, and would
 * otherwise stay on the page's body or the dialog around it. It waits until the button is drawn
 * and enabled again (a failed save re-enables it a moment after the part closes), and does
 * nothing when the user has moved on to something else meanwhile.
 */
export function useFocusBack(open: boolean, button: RefObject<HTMLElement | null>, busy = false) {
  const wasOpen = useRef(open);
  const owed = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) owed.current = true;
    if (open) owed.current = false;
    wasOpen.current = open;
    const target = button.current;
    if (!owed.current || !target || target.matches(':disabled')) return;
    owed.current = false;
    if (focusIsLost()) target.focus();
  }, [open, button, busy]);
}

/** The rows either side of `row`, the one after it first: where a delete sends the focus. */
export const rowsAround = (row: Element | null | undefined) => [
  row?.nextElementSibling,
  row?.previousElementSibling,
];

/**
 * Once a row of a list has been deleted, with the focus on its question: the focus goes to the
 * first Delete (`data-action="delete"`) found in `rows` (the row that took its place, then the
 * one before it), else to `fallback` (the list's add control). Called when the deletion is
 * confirmed; it waits, a frame at a time for up to 3 s, while the focus is still where it was
 * (the question on its way out) or lost, until a target is drawn and enabled (a list saved as a
 * whole disables its buttons meanwhile). Once the focus is anywhere else (the user moved on, or a
 * row drawn anew in the same place gave it back to its own Delete), it stops.
 */
export function focusRowAfterDelete(
  rows: () => (Element | null | undefined)[],
  fallback: () => HTMLElement | null | undefined,
) {
  const from = document.activeElement;
  const until = Date.now() + 3000;
  const attempt = () => {
    if (!focusIsLost()) return document.activeElement === from ? wait() : undefined;
    const inRow = rows()
      .filter((row) => row?.isConnected)
      .map((row) => row!.querySelector<HTMLElement>('[data-action="delete"]'))
      .find(Boolean);
    const target = inRow ?? fallback();
    if (!target || target.matches(':disabled')) return wait();
    target.focus();
  };
  const wait = () => {
    if (Date.now() < until) requestAnimationFrame(attempt);
  };
  wait();
}
