import type { CSSProperties } from 'react';

/** What every chart shares: axes, grid and tooltip drawn in the theme's colours. */
export const AXIS_TICK = { fill: 'var(--text-secondary)', fontSize: 12 };
export const AXIS_LINE = { stroke: 'var(--color-border)' };
export const GRID_STROKE = 'var(--color-border)';
export const TOOLTIP_STYLE: CSSProperties = {
  background: 'var(--theme)',
  border: '1px solid var(--color-border)',
  borderRadius: 8,
  color: 'var(--text-primary)',
  fontSize: 13,
};
export const TOOLTIP_CURSOR = { fill: 'var(--color-hover-strong)' };
export const LEGEND_STYLE: CSSProperties = { fontSize: 12, color: 'var(--text-secondary)' };
export const CHART_MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };
