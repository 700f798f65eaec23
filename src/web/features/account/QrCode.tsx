import { useState } from 'react';
import type { QrMatrix } from './two-factor-api';

/** Whether the applied theme is a light one (features/themes/apply.ts sets it on <html>). */
const isLightScheme = () =>
  getComputedStyle(document.documentElement).colorScheme.split(' ').includes('light');

/**
 * A QR code as an <svg>: one path of dark squares on a light ground. Scanners want dark on
 * light, so each is the page colour or the text colour, whichever is the darker in this theme.
 * Read from the colour scheme, not CSS `light-dark()`: the build turns that into variables set
 * from the stylesheet's scheme, which a theme's own (set on <html> at run time) does not move.
 */
export function QrCode({ matrix, label }: { matrix: QrMatrix; label: string }) {
  const [light] = useState(isLightScheme);
  const size = matrix.length;
  let path = '';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-52 rounded-lg"
    >
      <rect width={size} height={size} className={light ? 'fill-main' : 'fill-fg'} />
      <path d={path} className={light ? 'fill-fg' : 'fill-main'} />
    </svg>
  );
}
