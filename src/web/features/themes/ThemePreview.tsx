import { textOnBubble } from '../../../shared/themes/luminance';
import type { ThemeColors } from '../../../shared/themes/schemas';

/**
 * A small picture of a theme: the sidebar strip, the chat background and one bubble of each
 * side with its text, drawn in the theme's own colours (not the current theme's) and with the
 * text colour each bubble will really get.
 */
export function ThemePreview({ colors, large = false }: { colors: ThemeColors; large?: boolean }) {
  const onAI = textOnBubble(colors.chatBubbleAI).text;
  const onUser = textOnBubble(colors.chatBubbleUser).text;
  const bubble = large ? 'px-3 py-1.5 text-xs' : 'px-2 py-1 text-[10px] leading-tight';
  return (
    <div
      aria-hidden
      className={`flex overflow-hidden rounded-lg border border-border ${large ? 'h-36' : 'h-20'}`}
      style={{ background: colors.main }}
    >
      {large ? (
        // Words, not bars: whether the sidebar's text reads is part of what the preview shows.
        <div
          className="w-1/4 shrink-0 p-2 text-[11px] leading-4"
          style={{ background: colors.theme }}
        >
          <p className="font-semibold" style={{ color: colors.textPrimary }}>
            Chats
          </p>
          <p style={{ color: colors.textSecondary }}>Yesterday</p>
        </div>
      ) : (
        <div className="w-1/4 shrink-0 space-y-1 p-1.5" style={{ background: colors.theme }}>
          <div className="h-1.5 rounded-full" style={{ background: colors.textPrimary }} />
          <div className="h-1.5 w-2/3 rounded-full" style={{ background: colors.textSecondary }} />
        </div>
      )}
      <div className="flex flex-1 flex-col justify-center gap-1.5 p-2">
        {large && (
          <span className="text-xs font-semibold" style={{ color: colors.textPrimary }}>
            Selene
          </span>
        )}
        <span
          className={`self-start rounded-lg rounded-tl-sm ${bubble}`}
          style={{ background: colors.chatBubbleAI, color: onAI }}
        >
          Hey you
        </span>
        <span
          className={`self-end rounded-lg rounded-tr-sm ${bubble}`}
          style={{ background: colors.chatBubbleUser, color: onUser }}
        >
          Hi there!
        </span>
        {large && (
          <span className="text-[11px]" style={{ color: colors.textSecondary }}>
            Seen just now
          </span>
        )}
      </div>
    </div>
  );
}
