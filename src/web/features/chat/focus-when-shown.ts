/**
 * Puts the focus on a message's button once the thread has drawn it, if the focus was lost
 * meanwhile. A version switch or a new version draws the message anew under another id, and the
 * button pressed (disabled while it worked) went with the old one: without this a keyboard user
 * is on the page's body, and the next Tab starts from the message box. Each message of `ids`
 * is tried with each `data-action` of `actions`, in order.
 *
 * It follows the thread for 3 s: a message can be drawn anew more than once (its messages, then
 * its conversation's data), and the button given the focus can go with a draw too; then the
 * focus goes to the same button drawn anew. It stops once the user has moved on: the focus on
 * anything but the page's body, `pressed` (the button pressed, which can stay drawn for a moment)
 * or the button it gave the focus to, or that button, still there, left for the body;
 * or once a newer press asks for it or a new action starts (the newest says where the focus
 * belongs).
 */
let newest = 0;

export function focusWhenShown(
  ids: number[],
  actions: readonly string[],
  pressed: Element | null = null,
) {
  const until = performance.now() + 3000;
  const press = ++newest;
  let placed: HTMLButtonElement | null = null;
  const attempt = () => {
    // Also once the time is up: frames wait while the tab is in the background.
    // The button it gave the focus to disabled: a new action is under way (a press of it, say),
    // which puts the focus where it belongs itself.
    if (press !== newest || performance.now() > until || placed?.disabled) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) {
      if (focused !== pressed && focused !== placed) return;
    } else if (placed?.isConnected) return; // the user left it for the page
    const button = ids
      .flatMap((id) =>
        actions.map((action) =>
          document.querySelector<HTMLButtonElement>(
            `[data-message-id="${id}"] [data-action="${action}"]`,
          ),
        ),
      )
      .find((found) => found && !found.disabled);
    if (button && button !== focused) {
      button.focus({ preventScroll: true });
      placed = button;
    }
    requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
