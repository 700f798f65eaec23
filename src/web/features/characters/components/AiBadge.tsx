/**
 * "AI" beside a character's name wherever the character is presented (the chat header, the
 * character list, the mode chooser): a persistent reminder that it is not a person (NY GBL
 * Art. 47, CA SB 243; decision 0042). Text, not an icon, so it reads at any size; its tooltip is
 * the native one (no tooltip code in the chat's first load).
 */
export function AiBadge() {
  return (
    <span
      role="img"
      aria-label="AI character"
      title="An AI, not a human"
      // The theme never changes these two: readable on any page colour (white on deep magenta).
      className="shrink-0 rounded bg-accent-strong px-1 text-[0.6875rem] leading-4 font-bold text-on-accent"
    >
      AI
    </span>
  );
}
