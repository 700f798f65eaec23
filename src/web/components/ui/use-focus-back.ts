import { useEffect, useRef, type RefObject } from 'react';

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
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || focused.getAttribute('role') === 'dialog';
    if (lost) target.focus();
  }, [open, button, busy]);
}
