import type { ThemeColors } from '../../../shared/themes/schemas';

/**
 * A small picture of a theme: the sidebar strip, the chat background and one bubble of each
 * side with its text, drawn in the theme's own colours (not the current theme's).
 */
export function ThemePreview({ colors, large = false }: { colors: ThemeColors; large?: boolean }) {
  const bubble = large ? 'px-3 py-1.5 text-xs' : 'px-2 py-1 text-[10px] leading-tight';
  return (
    <div
      aria-hidden
      className={`flex overflow-hidden rounded-lg border border-border ${large ? 'h-36' : 'h-20'}`}
      style={{ background: colors.main }}
    >
      <div className="w-1/4 shrink-0 space-y-1 p-1.5" style={{ background: colors.theme }}>
        <div className="h-1.5 rounded-full" style={{ background: colors.textPrimary }} />
        <div className="h-1.5 w-2/3 rounded-full" style={{ background: colors.textSecondary }} />
      </div>
      <div className="flex flex-1 flex-col justify-center gap-1.5 p-2">
        <span
          className={`self-start rounded-lg rounded-tl-sm ${bubble}`}
          style={{ background: colors.chatBubbleAI, color: colors.textPrimary }}
        >
          Hey you
        </span>
        <span
          className={`self-end rounded-lg rounded-tr-sm ${bubble}`}
          style={{ background: colors.chatBubbleUser, color: colors.textPrimary }}
        >
          Hi there!
        </span>
        {large && (
          <span className="text-[11px]" style={{ color: colors.textSecondary }}>
            Secondary text
          </span>
        )}
      </div>
    </div>
  );
}
