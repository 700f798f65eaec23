const ROWS = 5;
const COLUMNS = 6;
const TILE_PX = 333;

/**
 * The landing page's background: 5 rows × 6 columns of 333 px art tiles (our own generated
 * artwork in public/art), dimmed so text stays readable.
 */
export function ArtGrid() {
  const tiles = Array.from({ length: ROWS * COLUMNS }, (_, i) => i + 1);
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div
        className="absolute top-0 left-1/2 grid -translate-x-1/2 opacity-40"
        style={{ gridTemplateColumns: `repeat(${COLUMNS}, ${TILE_PX}px)` }}
        data-testid="art-grid"
      >
        {tiles.map((n) => (
          <img
            key={n}
            src={`/art/tile-${String(n).padStart(2, '0')}.svg`}
            alt=""
            width={TILE_PX}
            height={TILE_PX}
            loading={n <= COLUMNS * 2 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ))}
      </div>
      <div className="absolute inset-0 bg-gradient-to-b from-main/60 via-main/80 to-main" />
    </div>
  );
}
