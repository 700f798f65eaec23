/**
 * Puts the focus on a message's button once the thread has drawn it, if the focus was lost
 * meanwhile. A version switch or a new version draws the message anew under another id, and the
 * button pressed (disabled while it worked) went with the old one: without this a keyboard user
 * is on the page's body, and the next Tab starts from the message box. Each message of `ids`
 * is tried with each `data-action` of `actions`, in order; nothing is done once the user has
 * moved on, or after 3 s.
 */
export function focusWhenShown(ids: number[], actions: readonly string[]) {
  const until = performance.now() + 3000;
  const attempt = () => {
    const focused = document.activeElement;
    // Also once the time is up: frames wait while the tab is in the background.
    if ((focused && focused !== document.body) || performance.now() > until) return;
    for (const id of ids) {
      for (const action of actions) {
        const button = document.querySelector<HTMLButtonElement>(
          `[data-message-id="${id}"] [data-action="${action}"]`,
        );
        if (button && !button.disabled) return button.focus({ preventScroll: true });
      }
    }
    requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
