/**
 * The starters' portraits (issue 45), drawn by code as the landing page's tiles are
 * (scripts/generate-art.mjs): pure SVG, gradients and paths only, no text, filters, rasters or
 * external references; a seeded random number generator per portrait, so the same starter draws
 * the same bytes every time. A portrait is a lit silhouette (no face: each reader imagines it)
 * in front of a scene of its own.
 *
 * Two readers: scripts/generate-starter-art.ts writes each one to
 * src/web/public/art/starter-<id>.svg for the cards, and adopting a starter renders the same
 * drawing to a PNG that becomes the user's own avatar (./starters.service.ts).
 */

export const PORTRAIT_SIZE = 256;
const S = PORTRAIT_SIZE;
const CX = S / 2;

export type Scene =
  | 'city-rain'
  | 'harbour-dusk'
  | 'storm-coast'
  | 'gothic-moon'
  | 'deep-space'
  | 'moon-forest'
  | 'lantern-market'
  | 'island-sunset'
  | 'snow-mountains'
  | 'observatory';
export type Hair = 'short' | 'swept' | 'tousled' | 'topknot' | 'bob' | 'curly' | 'long' | 'waves';
export type Accessory =
  | 'bowtie'
  | 'scarf'
  | 'pearls'
  | 'high-collar'
  | 'visor'
  | 'thorns'
  | 'elf-ears'
  | 'fox-ears'
  | 'tricorn'
  | 'glasses';

export interface PortraitArt {
  scene: Scene;
  /** Top and bottom of the sky. */
  sky: readonly [string, string];
  /** The light behind the figure, and the scene's lights. */
  glow: string;
  /** The rim light on the figure's edge, and small bright details. */
  rim: string;
  /** The silhouette and its hair. */
  figure: string;
  hair: string;
  /** Accessories' own colour (a scarf, a collar's lining, a hat's band). */
  accent: string;
  build: 'slim' | 'broad';
  hairStyle: Hair;
  accessories: readonly Accessory[];
}

// ---------------------------------------------------------------- helpers --

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from the starter's id, so each portrait's randomness is its own. */
export function seedOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A number with at most one decimal, no "-0". */
function f(v: number): string {
  const r = Math.round(v * 10) / 10;
  return String(r === 0 ? 0 : r);
}

type Attrs = Record<string, string | number | undefined>;

function el(name: string, attrs: Attrs = {}, inner = ''): string {
  let a = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    a += ` ${k}="${typeof v === 'number' ? f(v) : v}"`;
  }
  return inner ? `<${name}${a}>${inner}</${name}>` : `<${name}${a}/>`;
}

type Point = readonly [number, number];
const pt = ([x, y]: Point) => `${f(x)} ${f(y)}`;

/** Catmull-Rom spline through points, as cubic Béziers. */
function smooth(pts: readonly Point[], closed = false): string {
  const n = pts.length;
  const at = (i: number) => pts[closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i))]!;
  let s = `M${pt(pts[0]!)}`;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    s += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return closed ? `${s}Z` : s;
}

/** Mirrors a shape's points about the portrait's centre line. */
const mirror = (pts: readonly Point[]): Point[] => pts.map(([x, y]) => [S - x, y] as Point);

interface Ctx {
  defs: string[];
  rnd: () => number;
  r: (a: number, b: number) => number;
  /** A gradient's id, unique within the portrait (ids are prefixed: many share one page). */
  id: () => string;
  lin: (stops: readonly (readonly [number, string, number?])[], y2?: number) => string;
  rad: (
    stops: readonly (readonly [number, string, number?])[],
    at?: readonly [number, number, number],
  ) => string;
}

function makeCtx(prefix: string, seed: number): Ctx {
  const rnd = mulberry32(seed);
  const defs: string[] = [];
  let k = 0;
  const stops = (list: readonly (readonly [number, string, number?])[]) =>
    list
      .map(([offset, color, opacity]) =>
        el('stop', {
          offset,
          'stop-color': color,
          'stop-opacity': opacity === undefined ? undefined : opacity,
        }),
      )
      .join('');
  const ctx: Ctx = {
    defs,
    rnd,
    r: (a, b) => a + (b - a) * rnd(),
    id: () => `${prefix}${(k++).toString(36)}`,
    lin(list, y2 = 1) {
      const id = ctx.id();
      defs.push(el('linearGradient', { id, x2: 0, y2 }, stops(list)));
      return `url(#${id})`;
    },
    rad(list, at) {
      const id = ctx.id();
      const place = at
        ? { cx: at[0], cy: at[1], r: at[2], gradientUnits: 'userSpaceOnUse' }
        : ({} as Attrs);
      defs.push(el('radialGradient', { id, ...place }, stops(list)));
      return `url(#${id})`;
    },
  };
  return ctx;
}

const rect = (x: number, y: number, w: number, h: number, attrs: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, ...attrs });
const circle = (cx: number, cy: number, r: number, attrs: Attrs = {}) =>
  el('circle', { cx, cy, r, ...attrs });
const path = (d: string, attrs: Attrs = {}) => el('path', { d, ...attrs });

/** Stars as round-capped zero-length strokes. */
function stars(c: Ctx, count: number, maxY: number, color = '#ffffff'): string {
  let small = '';
  let big = '';
  for (let i = 0; i < count; i++) {
    const dot = `M${f(c.r(0, S))} ${f(c.r(0, maxY))}h0`;
    if (c.rnd() < 0.75) small += dot;
    else big += dot;
  }
  const attrs = { stroke: color, 'stroke-linecap': 'round' };
  return (
    path(small, { ...attrs, 'stroke-width': 1, opacity: 0.55 }) +
    path(big, { ...attrs, 'stroke-width': 1.8, opacity: 0.85 })
  );
}

/** A ridge of hills or mountains from x = 0 to S, filled to the bottom. */
function ridge(
  c: Ctx,
  base: number,
  amp: number,
  step: number,
  fill: string,
  { peaks = false, opacity = 1 } = {},
) {
  const pts: Point[] = [];
  for (let x = -10; x <= S + 10; x += step) {
    pts.push([x, base - (peaks ? (x / step) % 2 : 1) * c.r(amp * 0.3, amp)]);
  }
  const line = peaks ? `M${pts.map(pt).join('L')}` : smooth(pts);
  return path(`${line}L${S + 10} ${S}L-10 ${S}Z`, {
    fill,
    opacity: opacity < 1 ? opacity : undefined,
  });
}

// ----------------------------------------------------------------- scenes --

function cityRain(c: Ctx, a: PortraitArt): string {
  let s = '';
  for (let x = -6; x < S; x += c.r(18, 30)) {
    const w = c.r(16, 28);
    const top = c.r(96, 170);
    s += rect(x, top, w, S - top, { fill: '#000000', opacity: 0.45 });
    let windows = '';
    for (let y = top + 6; y < S - 6; y += 9) {
      for (let wx = x + 3; wx < x + w - 4; wx += 6) {
        if (c.rnd() < 0.32) windows += `M${f(wx)} ${f(y)}h2.4v3.6h-2.4Z`;
      }
    }
    s += path(windows, { fill: a.glow, opacity: 0.7 });
  }
  let rain = '';
  for (let i = 0; i < 70; i++) {
    rain += `M${f(c.r(0, S + 40))} ${f(c.r(-20, S))}l-6 16`;
  }
  return s + path(rain, { stroke: a.rim, 'stroke-width': 0.8, opacity: 0.35 });
}

function harbourDusk(c: Ctx, a: PortraitArt): string {
  let s = circle(190, 150, 42, {
    fill: c.rad([
      [0, '#fff7ed'],
      [0.5, a.glow],
      [1, a.glow, 0],
    ]),
  });
  s += rect(0, 170, S, 86, {
    fill: c.lin([
      [0, a.glow, 0.55],
      [1, a.sky[0]],
    ]),
  });
  let glints = '';
  for (let y = 176; y < S; y += c.r(5, 9)) {
    const w = c.r(10, 40) * (1 - (y - 170) / 120);
    glints += `M${f(190 - w / 2 + c.r(-8, 8))} ${f(y)}h${f(w)}`;
  }
  s += path(glints, { stroke: '#fff7ed', 'stroke-width': 1.6, opacity: 0.55 });
  // Rooftops on the hill to the left.
  let roofs = '';
  for (let x = -4; x < 110; x += c.r(14, 22)) {
    const y = 150 + x * 0.25 + c.r(-6, 6);
    roofs += `M${f(x)} ${f(y + 8)}l9 -9l9 9V180H${f(x)}Z`;
  }
  return s + path(roofs, { fill: '#000000', opacity: 0.5 });
}

function stormCoast(c: Ctx, a: PortraitArt): string {
  let s = circle(64, 58, 20, { fill: '#e0f2fe', opacity: 0.85 });
  s += circle(64, 58, 52, {
    fill: c.rad([
      [0, a.glow, 0.35],
      [1, a.glow, 0],
    ]),
  });
  // The lighthouse and its beam on the right.
  s += path('M214 110L240 96V124Z', { fill: a.rim, opacity: 0.25 });
  s += path('M202 200L206 118H222L226 200Z', { fill: '#000000', opacity: 0.55 });
  s += rect(204, 106, 20, 12, { fill: a.rim, opacity: 0.9 });
  let clouds = '';
  for (let i = 0; i < 5; i++) {
    clouds += el('ellipse', {
      cx: c.r(0, S),
      cy: c.r(20, 90),
      rx: c.r(40, 80),
      ry: c.r(8, 16),
    });
  }
  s += el('g', { fill: a.sky[0], opacity: 0.6 }, clouds);
  for (let k = 0; k < 3; k++) {
    const pts: Point[] = [];
    for (let x = -20; x <= S + 20; x += 24) pts.push([x, 196 + k * 16 + c.r(-6, 6)]);
    s += path(`${smooth(pts)}L${S + 20} ${S}L-20 ${S}Z`, {
      fill: a.glow,
      opacity: 0.1 + k * 0.08,
    });
  }
  return s;
}

function gothicMoon(c: Ctx, a: PortraitArt): string {
  let s = circle(CX, 92, 86, { fill: '#fff1f2', opacity: 0.14 });
  s += circle(CX, 92, 70, {
    fill: c.rad([
      [0, '#fff1f2', 0.8],
      [1, a.glow, 0.2],
    ]),
  });
  s += stars(c, 30, 120, '#fecdd3');
  // Spires of the manor on both sides.
  const spire = (x: number, w: number, h: number) =>
    `M${f(x)} ${S}V${f(S - h)}L${f(x + w / 2)} ${f(S - h - w * 1.6)}L${f(x + w)} ${f(S - h)}V${S}Z`;
  let spires = '';
  for (const [x, w, h] of [
    [4, 22, 120],
    [30, 16, 92],
    [200, 18, 100],
    [222, 26, 132],
  ] as const) {
    spires += spire(x, w, h + c.r(-8, 8));
  }
  return s + path(spires, { fill: '#000000', opacity: 0.55 });
}

function deepSpace(c: Ctx, a: PortraitArt): string {
  let s = stars(c, 90, S, '#e0f2fe');
  s += circle(206, 58, 30, {
    fill: c.rad(
      [
        [0, a.rim],
        [1, a.sky[1]],
      ],
      [196, 48, 40],
    ),
  });
  s += el('ellipse', {
    cx: 206,
    cy: 58,
    rx: 50,
    ry: 9,
    fill: 'none',
    stroke: a.rim,
    'stroke-width': 2,
    opacity: 0.6,
    transform: 'rotate(-18 206 58)',
  });
  let grid = '';
  for (let x = 0; x <= S; x += 32) grid += `M${CX} 170L${x} ${S}`;
  for (let y = 190; y <= S; y += 16) grid += `M0 ${y}H${S}`;
  return s + path(grid, { stroke: a.glow, 'stroke-width': 0.8, opacity: 0.25 });
}

function moonForest(c: Ctx, a: PortraitArt): string {
  let s = stars(c, 24, 90, '#ecfccb');
  s += path('M200 30A22 22 0 1 0 216 70A18 18 0 1 1 200 30Z', { fill: '#f7fee7', opacity: 0.85 });
  let trunks = '';
  for (const x of [8, 40, 196, 232]) {
    const w = c.r(10, 18);
    trunks += `M${f(x)} ${S}C${f(x + 2)} 160 ${f(x + 4)} 80 ${f(x + 3)} -4H${f(x + w)}C${f(
      x + w + 1,
    )} 80 ${f(x + w + 3)} 160 ${f(x + w + 5)} ${S}Z`;
  }
  s += path(trunks, { fill: '#000000', opacity: 0.5 });
  let flies = '';
  for (let i = 0; i < 22; i++) {
    const [x, y] = [c.r(6, 250), c.r(60, 240)];
    s += circle(x, y, c.r(3, 6), { fill: a.glow, opacity: 0.18 });
    flies += `M${f(x)} ${f(y)}h0`;
  }
  return s + path(flies, { stroke: a.rim, 'stroke-width': 2, 'stroke-linecap': 'round' });
}

function lanternMarket(c: Ctx, a: PortraitArt): string {
  let s = '';
  for (let i = 0; i < 26; i++) {
    s += circle(c.r(0, S), c.r(100, S), c.r(6, 18), { fill: a.glow, opacity: c.r(0.08, 0.22) });
  }
  for (const [y0, sag] of [
    [26, 26],
    [62, 18],
  ] as const) {
    s += path(`M-4 ${y0}Q${CX} ${y0 + sag * 2} ${S + 4} ${y0}`, {
      fill: 'none',
      stroke: '#000000',
      'stroke-width': 1.2,
      opacity: 0.5,
    });
    for (let x = 14; x < S; x += c.r(30, 42)) {
      const t = x / S;
      const y = y0 + sag * 4 * t * (1 - t) + 4;
      s += circle(x, y + 8, 16, { fill: a.glow, opacity: 0.2 });
      s += el('ellipse', { cx: x, cy: y + 8, rx: 7, ry: 9, fill: a.rim });
      s += rect(x - 4, y - 2, 8, 2.5, { fill: '#000000', opacity: 0.6 });
    }
  }
  return s;
}

function islandSunset(c: Ctx, a: PortraitArt): string {
  let s = circle(70, 150, 36, {
    fill: c.rad([
      [0, '#fffbeb'],
      [0.6, a.glow],
      [1, a.glow, 0],
    ]),
  });
  s += rect(0, 160, S, 96, { fill: a.sky[0], opacity: 0.75 });
  let glints = '';
  for (let y = 166; y < S; y += c.r(5, 8)) {
    glints += `M${f(c.r(30, 80))} ${f(y)}h${f(c.r(10, 40))}`;
  }
  s += path(glints, { stroke: a.glow, 'stroke-width': 1.5, opacity: 0.5 });
  // A distant island with a palm, and a sail.
  s += path('M150 162C166 146 196 144 222 162Z', { fill: '#000000', opacity: 0.55 });
  s += path('M188 152C188 136 190 128 194 120', {
    stroke: '#000000',
    'stroke-width': 2.5,
    fill: 'none',
    opacity: 0.55,
  });
  s += path(
    'M194 120C184 116 176 122 172 128M194 120C204 114 212 118 216 126M194 120C192 112 186 108 180 108',
    {
      stroke: '#000000',
      'stroke-width': 2.5,
      fill: 'none',
      opacity: 0.55,
    },
  );
  return s + path('M22 160L30 128L38 160ZM16 162H44L40 168H20Z', { fill: '#000000', opacity: 0.5 });
}

function snowMountains(c: Ctx, a: PortraitArt): string {
  let s = circle(188, 70, 26, { fill: a.rim, opacity: 0.75 });
  s += ridge(c, 150, 70, 34, a.sky[1], { peaks: true });
  s += ridge(c, 190, 40, 26, '#000000', { peaks: true, opacity: 0.35 });
  let snow = '';
  for (let i = 0; i < 60; i++) snow += `M${f(c.r(0, S))} ${f(c.r(0, S))}h0`;
  return (
    s +
    path(snow, { stroke: '#ffffff', 'stroke-width': 2.2, 'stroke-linecap': 'round', opacity: 0.7 })
  );
}

function observatory(c: Ctx, a: PortraitArt): string {
  let s = '';
  // Star trails round the pole.
  for (let i = 0; i < 26; i++) {
    const r = c.r(30, 240);
    const start = c.r(0, Math.PI * 2);
    const end = start + c.r(0.3, 0.8);
    const p = (t: number): Point => [200 + Math.cos(t) * r, 30 + Math.sin(t) * r];
    s += path(`M${pt(p(start))}A${f(r)} ${f(r)} 0 0 1 ${pt(p(end))}`, {
      fill: 'none',
      stroke: i % 3 ? a.rim : a.glow,
      'stroke-width': 1,
      opacity: c.r(0.3, 0.7),
    });
  }
  s += ridge(c, 210, 20, 40, '#000000', { opacity: 0.45 });
  s += path('M176 212V190A26 26 0 0 1 228 190V212Z', { fill: '#000000', opacity: 0.6 });
  return s + path('M196 166L212 164V190H198Z', { fill: a.glow, opacity: 0.5 });
}

const SCENES: Record<Scene, (c: Ctx, a: PortraitArt) => string> = {
  'city-rain': cityRain,
  'harbour-dusk': harbourDusk,
  'storm-coast': stormCoast,
  'gothic-moon': gothicMoon,
  'deep-space': deepSpace,
  'moon-forest': moonForest,
  'lantern-market': lanternMarket,
  'island-sunset': islandSunset,
  'snow-mountains': snowMountains,
  observatory,
};

// ----------------------------------------------------------------- figure --

/** A shape of the silhouette: its outline (path data or an ellipse) and its own fill. */
interface Part {
  d?: string;
  ellipse?: readonly [number, number, number, number];
  fill: string;
}

const HEAD = { cx: CX, cy: 108, rx: 27, ry: 34 } as const;

function body(build: PortraitArt['build']): string {
  const k = build === 'broad' ? 1 : 0.86;
  const x = (v: number) => f(CX + (v - CX) * k);
  return (
    `M${x(24)} ${S + 2}C${x(28)} 208 ${x(60)} 182 ${x(108)} 174C114 168 115 156 114 134H142` +
    `C141 156 142 168 ${x(148)} 174C${x(196)} 182 ${x(228)} 208 ${x(232)} ${S + 2}Z`
  );
}

const CAP =
  'M100 108C96 80 110 68 128 68C146 68 160 80 156 108C150 92 140 86 128 86C116 86 106 92 100 108Z';

function longHair(c: Ctx, wave: number, bottom: number): string {
  const outer: Point[] = [];
  for (let i = 0; i <= 5; i++) {
    const y = 118 + ((bottom - 118) * i) / 5;
    outer.push([92 - (y - 118) * 0.14 + (i % 2 ? -wave : wave * 0.4) + c.r(-1, 1), y]);
  }
  const left: Point[] = [
    [128, 60],
    [104, 64],
    [93, 86],
    ...outer,
    [90, bottom + 6],
    [106, bottom - 4],
    [111, 168],
    [114, 138],
  ];
  const right = mirror(left.slice(1)).reverse();
  return smooth([...left, [CX, 134], ...right], true);
}

function curls(c: Ctx): string {
  let d = '';
  for (let i = 0; i <= 12; i++) {
    const t = Math.PI * (0.92 + (1.16 * i) / 12);
    const r = c.r(12, 16);
    const [x, y] = [CX + Math.cos(t) * 32, 106 + Math.sin(t) * 34];
    d += `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;
  }
  return d;
}

function tousled(c: Ctx): string {
  const pts: Point[] = [[100, 110]];
  for (let i = 0; i <= 8; i++) {
    const t = Math.PI * (1.08 + (0.84 * i) / 8);
    const r = 36 + (i % 2 ? c.r(4, 8) : 0);
    pts.push([CX + Math.cos(t) * r, 106 + Math.sin(t) * r]);
  }
  pts.push([156, 110], [146, 90], [128, 86], [110, 90]);
  return smooth(pts, true);
}

/** The hair behind the head, and the hair over it. */
function hair(c: Ctx, a: PortraitArt): { back: string; front: string } {
  switch (a.hairStyle) {
    case 'short':
      return { back: '', front: CAP };
    case 'swept':
      return {
        back: '',
        front:
          'M100 106C94 78 112 62 136 63C156 64 168 80 157 106C152 90 142 83 126 85C114 87 106 94 100 106Z',
      };
    case 'tousled':
      return { back: '', front: tousled(c) };
    case 'topknot':
      return {
        back: '',
        front: `${CAP}M119 64a9 9 0 1 0 18 0a9 9 0 1 0 -18 0Z`,
      };
    case 'bob':
      return {
        back: 'M96 148V104C96 78 110 66 128 66C146 66 160 78 160 104V148C152 152 144 150 140 144H116C112 150 104 152 96 148Z',
        front:
          'M101 100C104 80 116 72 128 72C142 72 154 80 155 100C146 92 138 88 128 90C118 88 108 92 101 100Z',
      };
    case 'curly':
      return {
        back: curls(c),
        front: 'M102 98C108 80 120 76 128 76C138 76 150 80 154 98C144 90 112 90 102 98Z',
      };
    case 'long':
      return { back: longHair(c, 0, 200), front: CAP };
    case 'waves':
      return { back: longHair(c, 5, 212), front: CAP };
  }
}

/**
 * Accessories: parts of the silhouette behind the head (ears, a collar) or over the hair (a hat),
 * both rim-lit with it, and details in front of everything.
 */
function accessories(a: PortraitArt): { behind: Part[]; over: Part[]; front: string } {
  const behind: Part[] = [];
  const over: Part[] = [];
  let front = '';
  for (const item of a.accessories) {
    switch (item) {
      case 'elf-ears':
        behind.push({ d: 'M104 104L82 84L104 126ZM152 104L174 84L152 126Z', fill: a.figure });
        break;
      case 'fox-ears':
        behind.push({ d: 'M104 88L98 50L126 74ZM152 88L158 50L130 74Z', fill: a.hair });
        front += path('M106 80L103 60L118 74ZM150 80L153 60L138 74Z', { fill: a.accent });
        break;
      case 'high-collar':
        behind.push({
          d: 'M112 188C96 168 90 140 96 118C104 140 114 158 124 170ZM144 188C160 168 166 140 160 118C152 140 142 158 132 170Z',
          fill: a.accent,
        });
        break;
      case 'thorns':
        behind.push({
          d:
            'M110 80C100 62 98 46 104 30C106 46 110 56 116 66C114 54 118 44 124 38C120 54 120 66 118 78Z' +
            'M146 80C156 62 158 46 152 30C150 46 146 56 140 66C142 54 138 44 132 38C136 54 136 66 138 78Z',
          fill: a.hair,
        });
        break;
      case 'bowtie':
        front += path('M128 182L114 174V190ZM128 182L142 174V190Z', { fill: a.accent });
        front += circle(CX, 182, 3.5, { fill: a.accent });
        break;
      case 'scarf':
        front += path('M108 168C118 178 138 178 148 168L152 182C140 192 116 192 104 182Z', {
          fill: a.accent,
        });
        front += path('M134 186L148 222L136 224L126 190Z', { fill: a.accent });
        break;
      case 'pearls':
        for (let i = 0; i <= 10; i++) {
          const t = Math.PI * (1.18 + (0.64 * i) / 10);
          front += circle(CX + Math.cos(t) * 30, 112 + Math.sin(t) * 30, 2.2, { fill: '#f8fafc' });
        }
        break;
      case 'visor':
        front += rect(102, 100, 52, 7, { rx: 3.5, fill: a.rim });
        front += path('M120 150V162H112M136 150V170H146', {
          fill: 'none',
          stroke: a.rim,
          'stroke-width': 1.4,
          opacity: 0.7,
        });
        break;
      case 'tricorn':
        over.push({
          d: 'M76 78C88 88 100 84 106 70C112 58 120 54 128 54C136 54 144 58 150 70C156 84 168 88 180 78C174 94 156 96 128 92C100 96 82 94 76 78Z',
          fill: a.figure,
        });
        front += path('M102 82C116 78 140 78 154 82L153 86C140 82 116 82 103 86Z', {
          fill: a.accent,
        });
        break;
      case 'glasses':
        front += path(
          'M110 108a8 8 0 1 0 16 0a8 8 0 1 0 -16 0ZM130 108a8 8 0 1 0 16 0a8 8 0 1 0 -16 0ZM126 107h4',
          {
            fill: 'none',
            stroke: a.rim,
            'stroke-width': 1.8,
          },
        );
        break;
    }
  }
  return { behind, over, front };
}

/** A part with its own fill, or (`inherit`) taking its group's. */
function drawPart(part: Part, inherit = false): string {
  const attrs = inherit ? {} : { fill: part.fill };
  if (part.ellipse) {
    const [cx, cy, rx, ry] = part.ellipse;
    return el('ellipse', { cx, cy, rx, ry, ...attrs });
  }
  return path(part.d!, attrs);
}

function figure(c: Ctx, a: PortraitArt): string {
  const { back, front } = hair(c, a);
  const extra = accessories(a);
  const parts: Part[] = [
    { d: body(a.build), fill: a.figure },
    ...(back ? [{ d: back, fill: a.hair }] : []),
    ...extra.behind,
    { ellipse: [HEAD.cx, HEAD.cy, HEAD.rx, HEAD.ry], fill: a.figure },
    { d: front, fill: a.hair },
    ...extra.over,
  ];
  // The rim light: the whole silhouette once in the light's colour, a little up and to the left.
  const rim = el(
    'g',
    { fill: a.rim, transform: 'translate(-3 -2)', opacity: 0.9 },
    parts.map((p) => drawPart(p, true)).join(''),
  );
  return rim + parts.map((p) => drawPart(p)).join('') + extra.front;
}

// --------------------------------------------------------------- portrait --

/** The portrait of the starter `id` as an SVG document. */
export function portraitSvg(id: string, art: PortraitArt): string {
  const c = makeCtx(`s${seedOf(id).toString(36).slice(0, 4)}`, seedOf(id));
  let body = rect(0, 0, S, S, {
    fill: c.lin([
      [0, art.sky[0]],
      [1, art.sky[1]],
    ]),
  });
  body += circle(CX, 112, 120, {
    fill: c.rad([
      [0, art.glow, 0.55],
      [0.6, art.glow, 0.12],
      [1, art.glow, 0],
    ]),
  });
  body += SCENES[art.scene](c, art);
  body += figure(c, art);
  body += rect(0, 0, S, S, {
    fill: c.rad(
      [
        [0.55, '#000000', 0],
        [1, '#000000', 0.5],
      ],
      [CX, 118, 190],
    ),
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">` +
    `<defs>${c.defs.join('')}</defs>${body}</svg>\n`
  );
}
