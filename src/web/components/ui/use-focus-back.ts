import { useEffect, useRef, type RefObject } from 'react';

/** Nothing of the page's has the focus: it fell to the body, or to the dialog around a part gone. */
function focusIsLost() {
  const at = document.activeElement;
  return !at || at === document.body || at.getAttribute('role') === 'dialog';
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

/**
 * Once the row at `index` of `list` has been deleted, with the focus on its question: the focus
 * goes to the Delete (`data-action="delete"`) of the row that took its place, else of the row
 * before it, else to `fallback` (the list's add button, say) when none has one. Called when the
 * deletion is confirmed; it waits, a frame at a time for up to 3 s, until the row has gone and
 * its target is enabled (a list saved as a whole disables its buttons meanwhile). While the
 * focus is in the list it leaves it there (the question on its way out, or a row drawn anew at
 * the same place that gave it back to its own Delete); once the user has moved on, it stops.
 */
export function focusRowAfterDelete(
  list: HTMLElement | null,
  index: number,
  fallback: () => HTMLElement | null | undefined,
) {
  const until = Date.now() + 3000;
  const attempt = () => {
    if (!focusIsLost()) return list?.contains(document.activeElement) ? wait() : undefined;
    const rows = list?.isConnected ? list.children : [];
    const row = rows[index] ?? rows[index - 1];
    const target = row?.querySelector<HTMLElement>('[data-action="delete"]') ?? fallback();
    if (!target || target.matches(':disabled')) return wait();
    target.focus();
  };
  const wait = () => {
    if (Date.now() < until) requestAnimationFrame(attempt);
  };
  wait();
}
