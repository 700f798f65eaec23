import { isLightColor, textOnBubble } from './luminance';
import type { ThemeColors } from './schemas';

/**
 * The CSS variables a theme sets (see src/web/styles.css). Besides the six theme colours and the
 * text colours readable on each chat bubble, the colours that sit on the page — accent text,
 * status colours, the dim behind dialogs — follow the page's lightness, so a light theme gets
 * shades that stay readable on white.
 */
export interface ThemeVariables {
  vars: Record<string, string>;
  scheme: 'light' | 'dark';
}

export function themeVariables(colors: ThemeColors): ThemeVariables {
  const light = isLightColor(colors.main);
  // Each bubble's text is picked for that bubble (spec section 5 gave bubbles the page's text).
  const onUser = textOnBubble(colors.chatBubbleUser);
  const onAI = textOnBubble(colors.chatBubbleAI);
  return {
    scheme: light ? 'light' : 'dark',
    vars: {
      '--main': colors.main,
      '--theme': colors.theme,
      '--chat-bubble-user': colors.chatBubbleUser,
      '--chat-bubble-ai': colors.chatBubbleAI,
      '--text-primary': colors.textPrimary,
      '--text-secondary': colors.textSecondary,
      '--on-bubble-user': onUser.text,
      '--on-bubble-user-muted': onUser.muted,
      '--on-bubble-ai': onAI.text,
      '--on-bubble-ai-muted': onAI.muted,
      '--accent': light ? '#a21caf' : '#e879f9',
      '--accent-2': light ? '#6d28d9' : '#a78bfa',
      '--overlay': light ? 'rgb(15 23 42 / 0.45)' : 'rgb(0 0 0 / 0.7)',
      '--status-online': light ? '#15803d' : '#22c55e',
      '--status-offline': light ? '#6b7280' : '#6b7280',
      '--status-error': light ? '#b91c1c' : '#f87171',
      '--status-warning': light ? '#a16207' : '#fbbf24',
      '--status-success': light ? '#15803d' : '#4ade80',
    },
  };
}
