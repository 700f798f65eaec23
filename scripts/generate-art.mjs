#!/usr/bin/env node
// Deterministic generator for Reverie's original background art and logo mark.
//
//   node scripts/generate-art.mjs
//
// Writes src/web/public/art/tile-01.svg … tile-30.svg (333×333 each), plus
// src/web/public/favicon.svg (64×64) and src/web/public/logo.svg (32×32).
// Pure SVG (gradients, paths, circles, one clipPath) — no filters, rasters,
// scripts or external references. A seeded PRNG per tile keeps reruns
// byte-identical, and gradient/clip ids are prefixed with the tile number so
// many tiles can share one page.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = join(ROOT, 'src/web/public');
const ART_DIR = join(PUBLIC_DIR, 'art');
const S = 333;
const MID = S / 2;

// ---------------------------------------------------------------- helpers --

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Format a number compactly with `p` decimals (no "-0"). */
function f(v, p = 1) {
  const k = 10 ** p;
  const r = Math.round(v * k) / k;
  return String(r === 0 ? 0 : r).replace(/^(-?)0\./, '$1.');
}

// Path precision: whole units are plenty for 333 px tiles; the 64-unit logo uses 1 decimal.
let precision = 0;

/** Tagged template for path data: interpolated numbers are rounded to `precision`. */
function d(strs, ...vals) {
  let out = strs[0];
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i];
    out += (typeof v === 'number' ? f(v, precision) : v) + strs[i + 1];
  }
  return out;
}

function el(name, attrs = {}, inner = '') {
  let a = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    a += ` ${k}="${typeof v === 'number' ? f(v, 2) : v}"`;
  }
  return inner ? `<${name}${a}>${inner}</${name}>` : `<${name}${a}/>`;
}

const path = (dd, attrs = {}) => el('path', { d: dd.replace(/ -/g, '-'), ...attrs });
const circ = (cx, cy, r, attrs = {}) => el('circle', { cx: f(cx), cy: f(cy), r: f(r), ...attrs });
const ell = (cx, cy, rx, ry, attrs = {}) =>
  el('ellipse', { cx: f(cx), cy: f(cy), rx: f(rx), ry: f(ry), ...attrs });
const rect = (x, y, w, h, attrs = {}) =>
  el('rect', { x: f(x), y: f(y), width: f(w), height: f(h), ...attrs });
const g = (attrs, inner) => el('g', attrs, inner);
const use = (href, attrs = {}) => el('use', { href, ...attrs });
const tr = (x, y, rot = 0, sx = 1, sy = sx) =>
  `translate(${f(x)} ${f(y)})` +
  (rot ? ` rotate(${f(rot)})` : '') +
  (sx !== 1 || sy !== 1 ? ` scale(${f(sx, 3)} ${f(sy, 3)})` : '');

/** Poly-line path "Mx yLx y x y…" (optionally closed). */
function poly(pts, close = false) {
  let s = d`M${pts[0][0]} ${pts[0][1]}L`;
  s += pts
    .slice(1)
    .map((p) => d`${p[0]} ${p[1]}`)
    .join(' ');
  return close ? s + 'Z' : s;
}

/** Catmull-Rom spline through points, as cubic Béziers. */
function smooth(pts, closed = false, tension = 1) {
  const n = pts.length;
  const at = (i) => (closed ? pts[(i + n) % n] : pts[Math.max(0, Math.min(n - 1, i))]);
  let s = d`M${pts[0][0]} ${pts[0][1]}`;
  const segs = closed ? n : n - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    s += d`C${p1[0] + (p2[0] - p0[0]) * k} ${p1[1] + (p2[1] - p0[1]) * k} ${
      p2[0] - (p3[0] - p1[0]) * k
    } ${p2[1] - (p3[1] - p1[1]) * k} ${p2[0]} ${p2[1]}`;
  }
  return closed ? s + 'Z' : s;
}

/** Closed shape mirrored about x = cx from its right half (cubic segments). */
function symPath(start, segs, cx = MID) {
  const m = (x) => 2 * cx - x;
  let s = d`M${start[0]} ${start[1]}`;
  for (const q of segs) s += d`C${q[0]} ${q[1]} ${q[2]} ${q[3]} ${q[4]} ${q[5]}`;
  const pts = [start, ...segs.map((q) => [q[4], q[5]])];
  for (let i = segs.length - 1; i >= 0; i--) {
    const q = segs[i];
    const p = pts[i];
    s += d`C${m(q[2])} ${q[3]} ${m(q[0])} ${q[1]} ${m(p[0])} ${p[1]}`;
  }
  return s + 'Z';
}

/** Tapered ribbon around a centre line; widths interpolate w0 → w1. */
function ribbon(pts, w0, w1) {
  const n = pts.length;
  const left = [];
  const right = [];
  for (let i = 0; i < n; i++) {
    const a = pts[Math.max(0, i - 1)];
    const b = pts[Math.min(n - 1, i + 1)];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const w = (w0 + (w1 - w0) * (i / (n - 1))) / 2;
    left.push([pts[i][0] - (dy / len) * w, pts[i][1] + (dx / len) * w]);
    right.push([pts[i][0] + (dy / len) * w, pts[i][1] - (dx / len) * w]);
  }
  return smooth([...left, ...right.reverse()], true);
}

/** Concave four-point sparkle. */
function sparkle(x, y, r, attrs) {
  return path(
    d`M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z`,
    attrs,
  );
}

/** Classic heart centred on (cx, cy), roughly 2s wide. */
function heart(cx, cy, s) {
  return d`M${cx} ${cy + s * 0.95}C${cx - s * 0.35} ${cy + s * 0.62} ${cx - s} ${cy + s * 0.2} ${
    cx - s
  } ${cy - s * 0.3}C${cx - s} ${cy - s * 0.78} ${cx - s * 0.45} ${cy - s * 0.98} ${cx} ${
    cy - s * 0.55
  }C${cx + s * 0.45} ${cy - s * 0.98} ${cx + s} ${cy - s * 0.78} ${cx + s} ${cy - s * 0.3}C${
    cx + s
  } ${cy + s * 0.2} ${cx + s * 0.35} ${cy + s * 0.62} ${cx} ${cy + s * 0.95}Z`;
}

/** Crescent: disc (cx,cy,r) minus an equal disc shifted by dx, rotated. */
function crescent(cx, cy, r, dx, rot, attrs) {
  const h = Math.sqrt(r * r - (dx / 2) ** 2);
  const ix = dx / 2;
  return path(d`M${ix} ${-h}A${r} ${r} 0 1 0 ${ix} ${h}A${r} ${r} 0 0 1 ${ix} ${-h}Z`, {
    transform: tr(cx, cy, rot),
    ...attrs,
  });
}

/** Per-tile drawing context: seeded randomness + prefixed gradient defs. */
function makeCtx(n) {
  const prefix = `t${String(n).padStart(2, '0')}`;
  const rnd = mulberry32(0x5e7e1e + n * 7919);
  const defs = [];
  let k = 0;
  const stopsXml = (stops) =>
    stops
      .map(([o, c, op]) =>
        el('stop', {
          offset: o,
          'stop-color': c,
          'stop-opacity': op === undefined || op === 1 ? undefined : op,
        }),
      )
      .join('');
  const ctx = {
    defs,
    rnd,
    r: (a, b) => a + (b - a) * rnd(),
    pick: (arr) => arr[Math.floor(rnd() * arr.length)],
    id: () => `${prefix}${(k++).toString(36)}`,
    lin(stops, [x1, y1, x2, y2] = [0, 0, 0, 1], user = false) {
      const id = ctx.id();
      defs.push(
        el(
          'linearGradient',
          {
            id,
            x1: x1 ? f(x1, 2) : undefined,
            y1: y1 ? f(y1, 2) : undefined,
            x2: x2 === 1 ? undefined : f(x2, 2),
            y2: y2 ? f(y2, 2) : undefined,
            gradientUnits: user ? 'userSpaceOnUse' : undefined,
          },
          stopsXml(stops),
        ),
      );
      return `url(#${id})`;
    },
    rad(stops, [cx, cy, r, fx, fy] = [0.5, 0.5, 0.5], user = false) {
      const id = ctx.id();
      defs.push(
        el(
          'radialGradient',
          {
            id,
            cx: cx === 0.5 ? undefined : f(cx, 2),
            cy: cy === 0.5 ? undefined : f(cy, 2),
            r: r === 0.5 ? undefined : f(r, 2),
            fx: fx === undefined ? undefined : f(fx, 2),
            fy: fy === undefined ? undefined : f(fy, 2),
            gradientUnits: user ? 'userSpaceOnUse' : undefined,
          },
          stopsXml(stops),
        ),
      );
      return `url(#${id})`;
    },
    /** Register a reusable element in <defs>; returns "#id" for <use>. */
    shape(inner) {
      const id = ctx.id();
      defs.push(inner.replace(/^<(\w+)/, `<$1 id="${id}"`));
      return `#${id}`;
    },
    clip(inner) {
      const id = ctx.id();
      defs.push(el('clipPath', { id }, inner));
      return `url(#${id})`;
    },
    /** Star field drawn as round-capped zero-length strokes (tiny output). */
    stars(count, box = [0, 0, S, S], opts = {}) {
      const { color = '#fff', sizes = [0.8, 1.3, 2], ops = [0.45, 0.7, 0.95], avoid } = opts;
      const buckets = sizes.map(() => []);
      for (let i = 0; i < count; i++) {
        const x = ctx.r(box[0], box[2]);
        const y = ctx.r(box[1], box[3]);
        const roll = rnd();
        if (avoid && avoid(x, y)) continue;
        const b = roll < 0.62 ? 0 : roll < 0.9 ? 1 : 2;
        buckets[b].push(d`M${x} ${y}h0`);
      }
      return buckets
        .map((b, i) =>
          b.length
            ? path(b.join(''), {
                stroke: color,
                'stroke-width': sizes[i],
                'stroke-linecap': 'round',
                opacity: ops[i],
              })
            : '',
        )
        .join('');
    },
  };
  return ctx;
}

const bgRect = (fill) => rect(0, 0, S, S, { fill });

// ------------------------------------------------------------------ tiles --

function moonOverWater(c) {
  const H0 = 200;
  let s = bgRect(
    c.lin([
      [0, '#07061a'],
      [0.6, '#3b1152'],
      [0.6, '#150a2e'],
      [1, '#050309'],
    ]),
  );
  s += circ(166, 105, 150, {
    fill: c.rad([
      [0, '#d946ef', 0.42],
      [0.35, '#a21caf', 0.15],
      [1, '#a21caf', 0],
    ]),
  });
  s += c.stars(60, [0, 0, S, 188], { avoid: (x, y) => Math.hypot(x - 166, y - 105) < 58 });
  s += circ(166, 105, 36, {
    fill: c.rad(
      [
        [0, '#fdf4ff'],
        [0.7, '#f5d0fe'],
        [1, '#e879f9'],
      ],
      [0.4, 0.38, 0.7],
    ),
  });
  const hills = [];
  for (let x = -10; x <= 345; x += 28) {
    hills.push([x, H0 - 3 - Math.abs(Math.sin(x / 55 + 1)) * 13 - c.r(0, 5)]);
  }
  s += path(smooth(hills) + d`L345 ${H0 + 1}L-10 ${H0 + 1}Z`, { fill: '#0c0619' });
  let refl = '';
  for (let y = H0 + 6; y < 328; y += c.r(4.5, 7.5)) {
    const w = (26 + (y - H0) * 0.6) * c.r(0.3, 1);
    refl += d`M${166 + c.r(-6, 6) - w / 2} ${y}h${w}`;
  }
  s += path(refl, {
    stroke: c.lin(
      [
        [0, '#fdf4ff', 0.9],
        [1, '#d946ef', 0.15],
      ],
      [0, H0, 0, S],
      true,
    ),
    'stroke-width': 2,
    'stroke-linecap': 'round',
  });
  let shimmer = '';
  for (let i = 0; i < 16; i++) {
    const y = c.r(H0 + 8, 325);
    shimmer += d`M${c.r(0, 300)} ${y}h${c.r(8, 30)}`;
  }
  s += path(shimmer, {
    stroke: '#a78bfa',
    'stroke-width': 1.2,
    opacity: 0.3,
    'stroke-linecap': 'round',
  });
  return s;
}

function rose(c) {
  const cx = 166;
  const cy = 138;
  let s = bgRect(
    c.rad(
      [
        [0, '#2e0b34'],
        [1, '#070409'],
      ],
      [0.5, 0.42, 0.75],
    ),
  );
  const leaf = (x, y, rot, len, w) =>
    path(d`M0 0Q${len / 2} ${-w} ${len} 0Q${len / 2} ${w} 0 0Z`, {
      transform: tr(x, y, rot),
      fill: leafFill,
    }) +
    path(d`M2 0L${len * 0.9} 0`, {
      transform: tr(x, y, rot),
      stroke: '#5eead4',
      'stroke-width': 1,
      opacity: 0.35,
    });
  const leafFill = c.lin(
    [
      [0, '#0f3d3a'],
      [1, '#14b8a6'],
    ],
    [0, 0, 1, 0],
  );
  s += path('M162 200C160 240 150 290 140 340', {
    stroke: '#0f3d3a',
    'stroke-width': 6,
    fill: 'none',
  });
  s += leaf(158, 222, 200, 78, 22) + leaf(158, 246, -20, 70, 19) + leaf(170, 196, 25, 60, 16);
  s += circ(cx, cy, 120, {
    fill: c.rad([
      [0, '#d946ef', 0.3],
      [1, '#d946ef', 0],
    ]),
  });
  const layers = [
    [92, 5, 58, 8],
    [74, 5, 48, 44],
    [57, 5, 38, 18],
    [41, 4, 29, 62],
    [27, 4, 20, 30],
    [15, 3, 12, 80],
  ];
  for (const [R, n, w, rot] of layers) {
    const fill = c.rad(
      [
        [0, '#3b0425'],
        [0.5, '#86198f'],
        [0.88, '#d946ef'],
        [1, '#f5d0fe'],
      ],
      [cx, cy, R * 1.02],
      true,
    );
    let p = '';
    for (let i = 0; i < n; i++) {
      const a = ((rot + (i * 360) / n + c.r(-8, 8)) * Math.PI) / 180;
      const ca = Math.cos(a);
      const sa = Math.sin(a);
      const P = (u, v) => [cx + u * ca - v * sa, cy + u * sa + v * ca];
      const q = [
        P(0, 0),
        P(R * 0.25, -w),
        P(R * 1.02, -w * 0.95),
        P(R, 0),
        P(R * 1.02, w * 0.95),
        P(R * 0.25, w),
      ];
      p += d`M${q[0][0]} ${q[0][1]}C${q[1][0]} ${q[1][1]} ${q[2][0]} ${q[2][1]} ${q[3][0]} ${
        q[3][1]
      }C${q[4][0]} ${q[4][1]} ${q[5][0]} ${q[5][1]} ${q[0][0]} ${q[0][1]}Z`;
    }
    s += path(p, { fill, stroke: '#2a0420', 'stroke-width': 1.4 });
  }
  s += path(d`M${cx - 2} ${cy}c4-5 10-1 7 5s-12 6-13-2 9-14 18-8`, {
    fill: 'none',
    stroke: '#fdf4ff',
    'stroke-width': 1.5,
    opacity: 0.55,
  });
  s += c.stars(18, [0, 0, S, S], {
    color: '#f0abfc',
    avoid: (x, y) => Math.hypot(x - cx, y - cy) < 105,
  });
  return s;
}

function aurora(c) {
  let s = bgRect(
    c.lin([
      [0, '#02040d'],
      [0.78, '#0b2733'],
      [1, '#061018'],
    ]),
  );
  s += c.stars(55, [0, 0, S, 250]);
  const bands = [
    ['#d946ef', 92, 22, 48, 70, 2.2, 0.7],
    ['#2dd4bf', 168, 34, 70, 125, 0.4, 1],
    ['#a78bfa', 206, 14, 40, 50, 4.1, 0.6],
  ];
  for (const [col, base, amp, wl, h, ph, op] of bands) {
    const bottom = [];
    for (let x = -30; x <= 370; x += 40) {
      bottom.push([x, base + Math.sin(x / wl + ph) * amp + c.r(-4, 4)]);
    }
    // the curtain: one curve stacked upward with fading opacity
    const curve = c.shape(path(smooth(bottom), { fill: 'none' }));
    const n = Math.round(h / 11);
    let layers = '';
    for (let k = 0; k < n; k++) {
      layers += use(curve, {
        transform: k ? `translate(0 ${-k * 11})` : undefined,
        opacity: f(0.2 * op * (1 - k / n) ** 1.5, 3),
      });
    }
    layers += use(curve, { transform: 'translate(0 5)', 'stroke-width': 2.5, opacity: 0.6 * op });
    s += g({ stroke: col, 'stroke-width': 16 }, layers);
    let rays = '';
    for (let x = 2; x < S; x += c.r(5, 11)) {
      const i = Math.min(bottom.length - 2, Math.floor((x + 30) / 40));
      const t = (x + 30 - i * 40) / 40;
      const y = bottom[i][1] * (1 - t) + bottom[i + 1][1] * t;
      rays += d`M${x} ${y + 3}v${-h * c.r(0.2, 0.9)}`;
    }
    s += path(rays, { stroke: col, 'stroke-width': 1.2, opacity: 0.14 * op });
  }
  const ridge = (base, amp, step, fill) => {
    const p = [[-10, S]];
    for (let x = -10; x <= 345; x += step) p.push([x, base - c.r(0, amp)]);
    p.push([345, S]);
    return path(poly(p, true), { fill });
  };
  s += ridge(286, 44, 22, '#0a1626');
  s += ridge(312, 24, 15, '#03060b');
  return s;
}

function masquerade(c) {
  let s = bgRect(
    c.rad(
      [
        [0, '#2d1250'],
        [1, '#08050f'],
      ],
      [0.5, 0.45, 0.7],
    ),
  );
  s += c.stars(30, [0, 0, S, S], { color: '#fde68a', ops: [0.3, 0.5, 0.7] });
  // plume of feathers behind the left wing
  const plume = c.lin(
    [
      [0, '#d946ef', 0.95],
      [1, '#5b21b6', 0.2],
    ],
    [0, 1, 0, 0],
  );
  for (const [x, y, rot, len] of [
    [70, 128, -118, 120],
    [78, 132, -100, 135],
    [88, 134, -80, 110],
  ]) {
    s += path(
      d`M0 0C${len * 0.3} -14 ${len * 0.8} -16 ${len} 0C${len * 0.8} 16 ${len * 0.3} 14 0 0Z`,
      {
        transform: tr(x, y, rot),
        fill: plume,
      },
    );
    s += path(d`M0 0L${len} 0`, {
      transform: tr(x, y, rot),
      stroke: '#f5d0fe',
      'stroke-width': 1,
      opacity: 0.6,
    });
  }
  s += path('M88 186L40 330', { stroke: '#d4a017', 'stroke-width': 4, 'stroke-linecap': 'round' });
  const outline = symPath(
    [166, 146],
    [
      [180, 130, 205, 122, 232, 124],
      [258, 126, 282, 114, 302, 92],
      [300, 130, 286, 170, 256, 190],
      [232, 206, 200, 204, 184, 192],
      [176, 186, 170, 180, 166, 180],
    ],
  );
  const eyeR = 'M186 162C196 146 222 144 238 155C226 172 202 176 186 162Z';
  const eyeL = 'M146 162C136 146 110 144 94 155C106 172 130 176 146 162Z';
  s += path(outline + eyeR + eyeL, {
    'fill-rule': 'evenodd',
    fill: c.lin(
      [
        [0, '#6d28d9'],
        [0.5, '#c026d3'],
        [1, '#4c1d95'],
      ],
      [0, 0, 1, 1],
    ),
    stroke: '#fbbf24',
    'stroke-width': 2,
    'stroke-opacity': 0.85,
  });
  const swirl =
    'M254 176c-8-10-26-8-26 4s16 10 16 0M78 176c8-10 26-8 26 4s-16 10-16 0' +
    'M210 138c14-6 34-6 50-2M122 138c-14-6-34-6-50-2';
  s += path(swirl, { fill: 'none', stroke: '#fde68a', 'stroke-width': 1.3, opacity: 0.7 });
  let beads = '';
  for (let i = -5; i <= 5; i++) {
    const x = 166 + i * 13;
    beads += d`M${x} ${189 - Math.cos(i / 3.2) * 9 + (Math.abs(i) > 3 ? 4 : 0)}h0`;
  }
  s += path(beads, {
    stroke: '#fde68a',
    'stroke-width': 3,
    'stroke-linecap': 'round',
    opacity: 0.8,
  });
  s += circ(166, 152, 5, { fill: '#2dd4bf', stroke: '#fde68a', 'stroke-width': 1 });
  return s;
}

function cityNight(c) {
  let s = bgRect(
    c.lin([
      [0, '#07051a'],
      [0.5, '#240a3a'],
      [0.78, '#5b1a5e'],
      [1, '#1a0820'],
    ]),
  );
  s += c.stars(40, [0, 0, S, 150]);
  s += crescent(262, 62, 22, 14, -30, { fill: '#fae8ff', opacity: 0.9 });
  const skyline = (minH, maxH, minW, maxW, fill) => {
    let x = -4;
    let p = d`M-4 ${S}`;
    const blds = [];
    while (x < S + 4) {
      const w = c.r(minW, maxW);
      const top = S - c.r(minH, maxH);
      p += d`V${top}H${x + w}`;
      blds.push([x, top, w]);
      x += w;
    }
    p += d`V${S}Z`;
    return [path(p, { fill }), blds];
  };
  const [far, farB] = skyline(90, 175, 16, 34, '#1f1038');
  const [near, nearB] = skyline(40, 120, 24, 48, '#0a0512');
  s += far;
  let farWin = '';
  for (const [x, top, w] of farB) {
    for (let y = top + 8; y < S - 4; y += 10) {
      for (let wx = x + 5; wx < x + w - 4; wx += 7) if (c.rnd() < 0.1) farWin += d`M${wx} ${y}h0`;
    }
  }
  s += path(farWin, {
    stroke: '#f0abfc',
    'stroke-width': 2,
    'stroke-linecap': 'square',
    opacity: 0.45,
  });
  s += near;
  // antenna with red light
  const tall = nearB.reduce((a, b) => (b[1] < a[1] ? b : a));
  const ax = tall[0] + tall[2] / 2;
  s += path(d`M${ax} ${tall[1]}v-26`, { stroke: '#0a0512', 'stroke-width': 2 });
  s += circ(ax, tall[1] - 27, 2, { fill: '#f43f5e' });
  let amber = '';
  let pink = '';
  for (const [x, top, w] of nearB) {
    for (let y = top + 7; y < S - 3; y += 9) {
      for (let wx = x + 5; wx < x + w - 4; wx += 7) {
        const roll = c.rnd();
        if (roll < 0.22) amber += d`M${wx} ${y}h0`;
        else if (roll < 0.29) pink += d`M${wx} ${y}h0`;
      }
    }
  }
  const win = { 'stroke-width': 2.6, 'stroke-linecap': 'square' };
  s += path(amber, { stroke: '#fbbf24', opacity: 0.75, ...win });
  s += path(pink, { stroke: '#e879f9', opacity: 0.8, ...win });
  return s;
}

function feather(c) {
  let s = bgRect(
    c.lin(
      [
        [0, '#0d0a24'],
        [1, '#1f0b30'],
      ],
      [0, 0, 1, 1],
    ),
  );
  s += circ(180, 150, 150, {
    fill: c.rad([
      [0, '#8b5cf6', 0.28],
      [1, '#8b5cf6', 0],
    ]),
  });
  s += c.stars(35, [0, 0, S, S], { color: '#e9d5ff' });
  // rachis: cubic from base to tip
  const P0 = [86, 308];
  const P1 = [120, 230];
  const P2 = [170, 120];
  const P3 = [262, 34];
  const B = (t) => {
    const u = 1 - t;
    return [0, 1].map(
      (k) => u * u * u * P0[k] + 3 * u * u * t * P1[k] + 3 * u * t * t * P2[k] + t * t * t * P3[k],
    );
  };
  const left = [];
  const right = [];
  let barbs = '';
  for (let t = 0.14; t <= 1.001; t += 0.035) {
    const p = B(t);
    const q = B(Math.min(1, t + 0.01));
    const r0 = B(Math.max(0, t - 0.01));
    const dx = q[0] - r0[0];
    const dy = q[1] - r0[1];
    const len = Math.hypot(dx, dy);
    const tx = dx / len;
    const ty = dy / len;
    const env = Math.sin(Math.PI * Math.pow((t - 0.14) / 0.86, 0.75));
    const wl = 6 + 44 * env;
    const wr = 6 + 36 * env;
    const lp = [p[0] + ty * wl + tx * wl * 0.55, p[1] - tx * wl + ty * wl * 0.55];
    const rp = [p[0] - ty * wr + tx * wr * 0.55, p[1] + tx * wr + ty * wr * 0.55];
    left.push(lp);
    right.push(rp);
    if (c.rnd() < 0.8) barbs += d`M${p[0]} ${p[1]}L${lp[0]} ${lp[1]}`;
    if (c.rnd() < 0.8) barbs += d`M${p[0]} ${p[1]}L${rp[0]} ${rp[1]}`;
  }
  const tip = B(1);
  const base = B(0.14);
  const vane = smooth([base, ...left, [tip[0] + 6, tip[1] - 5], ...right.reverse()], true);
  s += path(vane, {
    fill: c.lin(
      [
        [0, '#4c1d95'],
        [0.55, '#a21caf'],
        [1, '#f0abfc'],
      ],
      [0, 1, 1, 0],
    ),
    opacity: 0.92,
  });
  s += path(barbs, { stroke: '#12082a', 'stroke-width': 0.8, opacity: 0.45 });
  let down = '';
  for (let i = 0; i < 9; i++) {
    const p = B(c.r(0.05, 0.16));
    down += d`M${p[0]} ${p[1]}q${c.r(-20, 20)} ${c.r(-14, 4)} ${c.r(-28, 28)} ${c.r(-20, 6)}`;
  }
  s += path(down, { fill: 'none', stroke: '#c4b5fd', 'stroke-width': 1, opacity: 0.5 });
  s += path(d`M${P0[0]} ${P0[1]}C${P1[0]} ${P1[1]} ${P2[0]} ${P2[1]} ${P3[0]} ${P3[1]}`, {
    fill: 'none',
    stroke: '#fdf4ff',
    'stroke-width': 2,
    'stroke-linecap': 'round',
    opacity: 0.85,
  });
  return s;
}

function candles(c) {
  let s = bgRect(
    c.rad(
      [
        [0, '#3b1d12'],
        [0.45, '#1c0b18'],
        [1, '#07040a'],
      ],
      [0.5, 0.42, 0.8],
    ),
  );
  const glow = c.rad([
    [0, '#fbbf24', 0.45],
    [0.3, '#f59e0b', 0.14],
    [1, '#f59e0b', 0],
  ]);
  const body = c.lin(
    [
      [0, '#6b2a4a'],
      [0.35, '#f8d7ea'],
      [0.65, '#e2a9c8'],
      [1, '#4a1a38'],
    ],
    [0, 0, 1, 0],
  );
  const flame = c.rad(
    [
      [0, '#fffbeb'],
      [0.4, '#fde68a'],
      [0.8, '#f59e0b'],
      [1, '#ea580c', 0.8],
    ],
    [0.5, 0.78, 0.6],
  );
  s += path('M-10 300C80 290 250 290 343 300V343H-10Z', { fill: '#0d0609' });
  const candle = (cx, top, bottom, w, fh) => {
    let o = circ(cx, top - fh * 0.55, fh * 3.2, { fill: glow });
    o += ell(cx, bottom, w * 1.1, 5, { fill: '#000', opacity: 0.45 });
    const hw = w / 2;
    o += path(
      d`M${cx - hw} ${bottom}V${top}c${hw * 0.4} 4 ${hw * 0.7} -3 ${hw} 0s${hw * 0.6} 5 ${hw} 0V${bottom}Z` +
        d`M${cx + hw * 0.35} ${top + 1}q3 0 3 ${fh * 0.8}t-3 ${fh * 0.3}q-3 0 -3 -${fh * 0.3}Z`,
      { fill: body },
    );
    o += ell(cx, top + 1, hw, 3.5, { fill: '#fde7f3', opacity: 0.85 });
    o += path(d`M${cx} ${top}v${-fh * 0.22}`, { stroke: '#2a1a12', 'stroke-width': 1.8 });
    const ft = top - fh * 0.15;
    o += path(
      d`M${cx} ${ft - fh}C${cx + fh * 0.26} ${ft - fh * 0.6} ${cx + fh * 0.34} ${ft - fh * 0.2} ${
        cx + fh * 0.18
      } ${ft}C${cx + fh * 0.08} ${ft + fh * 0.12} ${cx - fh * 0.08} ${ft + fh * 0.12} ${cx - fh * 0.18} ${ft}C${
        cx - fh * 0.34
      } ${ft - fh * 0.2} ${cx - fh * 0.2} ${ft - fh * 0.6} ${cx} ${ft - fh}Z`,
      { fill: flame },
    );
    o += ell(cx, ft - fh * 0.05, fh * 0.07, fh * 0.12, { fill: '#818cf8', opacity: 0.55 });
    return o;
  };
  s += candle(84, 222, 312, 32, 34);
  s += candle(258, 246, 314, 38, 30);
  s += candle(166, 176, 306, 52, 54);
  let motes = '';
  for (let i = 0; i < 22; i++) motes += d`M${c.r(20, 313)} ${c.r(20, 260)}h0`;
  s += path(motes, {
    stroke: '#fde68a',
    'stroke-width': 1.6,
    'stroke-linecap': 'round',
    opacity: 0.4,
  });
  return s;
}

// Facing-right human profile (adult proportions), head back off the left edge.
const PROFILE = [
  [-6, 70],
  [14, 38],
  [52, 22],
  [96, 26],
  [126, 48],
  [140, 78],
  [145, 104],
  [146, 118],
  [143, 128],
  [150, 140],
  [159, 152],
  [157, 157],
  [148, 160],
  [150, 168],
  [154, 175],
  [149, 180],
  [152, 188],
  [146, 196],
  [146, 204],
  [150, 214],
  [142, 223],
  [128, 229],
  [124, 244],
  [126, 272],
  [121, 340],
];
const profileShape = smooth(PROFILE) + 'L-6 340Z';
const profileEdge = smooth(PROFILE.slice(3, 22));

function twoProfiles(c) {
  let s = bgRect(
    c.lin([
      [0, '#140726'],
      [1, '#06040c'],
    ]),
  );
  s += circ(166, 160, 130, {
    fill: c.rad([
      [0, '#d946ef', 0.5],
      [0.4, '#a21caf', 0.15],
      [1, '#a21caf', 0],
    ]),
  });
  s += c.stars(40, [120, 0, 213, S], { color: '#fae8ff' });
  const shape = c.shape(path(profileShape));
  const edge = c.shape(path(profileEdge));
  const left = tr(-4, 0);
  const right = `matrix(-1 0 0 1 ${S + 4} -6)`;
  s += use(shape, {
    transform: left,
    fill: c.lin(
      [
        [0, '#12061f'],
        [0.75, '#3b0f5c'],
        [1, '#7e22ce'],
      ],
      [0, 0, 1, 0],
    ),
  });
  s += use(shape, {
    transform: right,
    fill: c.lin(
      [
        [0, '#0b0a26'],
        [0.75, '#1e1b4b'],
        [1, '#4338ca'],
      ],
      [0, 0, 1, 0],
    ),
  });
  const rim = { fill: 'none', 'stroke-width': 1.6, 'stroke-linecap': 'round' };
  s += use(edge, { transform: left, stroke: '#f0abfc', ...rim });
  s += use(edge, { transform: right, stroke: '#a5b4fc', ...rim });
  s += circ(166, 150, 14, {
    fill: c.rad([
      [0, '#fdf4ff', 0.9],
      [1, '#f0abfc', 0],
    ]),
  });
  s += sparkle(166, 150, 9, { fill: '#fff' });
  return s;
}

function crystals(c) {
  let s = bgRect(
    c.rad(
      [
        [0, '#0b2e38'],
        [1, '#03080c'],
      ],
      [0.5, 0.6, 0.75],
    ),
  );
  s += circ(166, 200, 150, {
    fill: c.rad([
      [0, '#2dd4bf', 0.3],
      [1, '#2dd4bf', 0],
    ]),
  });
  s += c.stars(40, [0, 0, S, 220], { color: '#ccfbf1' });
  const pals = {
    teal: ['#0f766e', '#14b8a6', '#5eead4', '#134e4a', '#2dd4bf', '#ccfbf1'],
    violet: ['#4c1d95', '#7c3aed', '#c4b5fd', '#3b0764', '#8b5cf6', '#ede9fe'],
    mag: ['#86198f', '#c026d3', '#f0abfc', '#4a044e', '#d946ef', '#fae8ff'],
  };
  const prism = (x, base, w, h, rot, pal) => {
    const xs = [-w / 2, -w / 6, w / 6, w / 2];
    const ty = xs.map((_, i) => -h + [6, 0, 2, 8][i] * (w / 40));
    const apex = [c.r(-w * 0.08, w * 0.08), -h - w * 0.95];
    let o = '';
    for (let i = 0; i < 3; i++) {
      o += path(
        poly(
          [
            [xs[i], 0],
            [xs[i], ty[i]],
            [xs[i + 1], ty[i + 1]],
            [xs[i + 1], 0],
          ],
          true,
        ),
        { fill: pal[i] },
      );
      o += path(poly([[xs[i], ty[i]], apex, [xs[i + 1], ty[i + 1]]], true), { fill: pal[i + 3] });
    }
    o += path(d`M${xs[1]} 0V${ty[1]}L${apex[0]} ${apex[1]}M${xs[2]} 0V${ty[2]}`, {
      stroke: pal[5],
      'stroke-width': 0.9,
      opacity: 0.55,
      fill: 'none',
    });
    return g({ transform: tr(x, base, rot), opacity: 0.94 }, o);
  };
  s += prism(108, 300, 34, 70, -28, pals.mag);
  s += prism(232, 300, 40, 90, 24, pals.violet);
  s += prism(136, 304, 40, 105, -12, pals.violet);
  s += prism(200, 304, 36, 80, 12, pals.teal);
  s += prism(168, 308, 54, 140, 1, pals.teal);
  s += prism(86, 312, 22, 34, -45, pals.teal);
  s += prism(258, 312, 24, 40, 46, pals.mag);
  s += path('M-10 343V312C60 296 120 300 166 302S280 296 343 310V343Z', { fill: '#050b10' });
  s += sparkle(196, 150, 11, { fill: '#f0fdfa' });
  s += sparkle(120, 198, 7, { fill: '#f0fdfa', opacity: 0.8 });
  s += sparkle(246, 210, 6, { fill: '#fae8ff', opacity: 0.8 });
  return s;
}

function dunes(c) {
  let s = bgRect(
    c.lin([
      [0, '#1e0b3a'],
      [0.3, '#581c5e'],
      [0.52, '#be3a6e'],
      [0.66, '#f59e0b'],
    ]),
  );
  s += c.stars(22, [0, 0, S, 80], { ops: [0.35, 0.55, 0.8] });
  s += circ(206, 200, 90, {
    fill: c.rad([
      [0, '#fde68a', 0.55],
      [1, '#fbbf24', 0],
    ]),
  });
  s += circ(206, 200, 34, {
    fill: c.lin([
      [0, '#fef3c7'],
      [1, '#fbbf24'],
    ]),
  });
  const layers = [
    [210, 18, '#8a2c5e', '#5a1a4a'],
    [236, 26, '#5a1a4a', '#33103b'],
    [268, 30, '#33103b', '#1d0a28'],
    [300, 26, '#1b0925', '#0c0412'],
  ];
  for (const [base, amp, lit, shade] of layers) {
    const crest = [];
    for (let x = -40; x < 420; x += c.r(55, 85)) {
      crest.push([x, base - Math.abs(Math.sin(x / 60 + base)) * amp - c.r(0, amp * 0.5)]);
    }
    s += path(smooth(crest) + d`L420 ${S + 10}L-40 ${S + 10}Z`, {
      fill: c.lin(
        [
          [0, lit],
          [1, shade],
        ],
        [0, 0, 1, 0.4],
      ),
    });
    s += path(smooth(crest), {
      fill: 'none',
      stroke: '#fcd34d',
      'stroke-width': 1.2,
      opacity: 0.45,
    });
  }
  return s;
}

function neonHeart(c) {
  let s = bgRect(
    c.lin([
      [0, '#0d0613'],
      [1, '#1c0a26'],
    ]),
  );
  s += circ(166, 150, 160, {
    fill: c.rad([
      [0, '#c026d3', 0.28],
      [1, '#c026d3', 0],
    ]),
  });
  // faint brick courses
  let bricks = '';
  for (let y = 14; y < S; y += 22) {
    bricks += d`M0 ${y}H${S}`;
    for (let x = (y / 22) % 2 ? 0 : 24; x < S; x += 48) bricks += d`M${x} ${y}v22`;
  }
  s += path(bricks, { stroke: '#2a1236', 'stroke-width': 1, opacity: 0.5 });
  const h = heart(166, 150, 88);
  const neon = (dd, col, core) =>
    [
      [28, col, 0.06],
      [17, col, 0.12],
      [9, col, 0.28],
      [4.5, col, 1],
      [1.6, core, 0.95],
    ]
      .map(([w, k, op]) =>
        path(dd, {
          fill: 'none',
          stroke: k,
          'stroke-width': w,
          opacity: op,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        }),
      )
      .join('');
  s += neon(h, '#e879f9', '#fdf4ff');
  // arrow from lower-left to upper-right, hidden behind the heart in the middle
  const ux = 0.868;
  const uy = -0.496;
  let arrow = 'M48 230L108 196M226 128L286 94';
  arrow += d`M286 94l${-13 * ux + 6 * uy} ${-13 * uy - 6 * ux}M286 94l${-13 * ux - 6 * uy} ${-13 * uy + 6 * ux}`;
  for (const k of [4, 12]) {
    const x = 48 + k * ux;
    const y = 230 + k * uy;
    arrow += d`M${x} ${y}l${-9 * ux + 7 * uy} ${-9 * uy - 7 * ux}M${x} ${y}l${-9 * ux - 7 * uy} ${-9 * uy + 7 * ux}`;
  }
  s += neon(arrow, '#2dd4bf', '#f0fdfa');
  return s;
}

function castle(c) {
  let s = bgRect(
    c.lin([
      [0, '#060818'],
      [0.7, '#1e1747'],
      [1, '#0a0a1f'],
    ]),
  );
  s += c.stars(55, [0, 0, S, 230], { avoid: (x, y) => Math.hypot(x - 196, y - 112) < 80 });
  s += circ(196, 112, 160, {
    fill: c.rad([
      [0, '#a78bfa', 0.4],
      [1, '#a78bfa', 0],
    ]),
  });
  s += circ(196, 112, 66, {
    fill: c.rad(
      [
        [0, '#f5f3ff'],
        [0.75, '#ddd6fe'],
        [1, '#a78bfa'],
      ],
      [0.42, 0.4, 0.7],
    ),
  });
  s += path('M96 92C150 86 200 96 270 88M120 140C170 134 240 146 300 136', {
    stroke: '#1e1747',
    'stroke-width': 5,
    'stroke-linecap': 'round',
    opacity: 0.7,
  });
  let k = 'M-10 343V286C70 262 120 246 166 244S270 262 343 276V343Z';
  const tower = (x, w, top, roof) =>
    d`M${x} 260V${top}H${x + w}V260Z` +
    d`M${x - 3} ${top}L${x + w / 2} ${top - roof}L${x + w + 3} ${top}Z`;
  k +=
    tower(112, 16, 186, 34) +
    tower(210, 20, 160, 44) +
    tower(160, 12, 138, 52) +
    tower(240, 14, 200, 28);
  k += 'M126 250V196H214V250Z';
  for (let x = 126; x < 214; x += 10) k += d`M${x} 196v-7h6v7Z`;
  k += 'M176 200V170H206V200Z';
  for (let x = 176; x < 206; x += 9) k += d`M${x} 170v-6h5v6Z`;
  s += path(k, { fill: '#07051a' });
  s += path('M166 86l12 4-12 4ZM220 116l10 3-10 3Z', { fill: '#07051a' });
  s += path('M166 86v-8M220 116v-6', { stroke: '#07051a', 'stroke-width': 1.5 });
  let win = '';
  for (const [x, y] of [
    [118, 206],
    [140, 214],
    [166, 160],
    [186, 186],
    [196, 186],
    [220, 178],
    [220, 196],
    [246, 214],
    [160, 222],
  ]) {
    win += d`M${x} ${y}v4`;
  }
  s += path(win, { stroke: '#fbbf24', 'stroke-width': 3, 'stroke-linecap': 'round', opacity: 0.9 });
  s += path('M60 70q5-4 10 0q5-4 10 0M84 52q4-3 8 0q4-3 8 0M270 48q4-3 8 0q4-3 8 0', {
    fill: 'none',
    stroke: '#0b0a24',
    'stroke-width': 1.6,
  });
  return s;
}

function silk(c) {
  let s = bgRect('#0b0618');
  const pals = [
    ['#1a0838', '#86198f', '#e879f9'],
    ['#110f33', '#5b21b6', '#a78bfa'],
    ['#22053a', '#9d174d', '#f472b6'],
    ['#0c1638', '#3730a3', '#818cf8'],
  ];
  const curves = [];
  for (let i = 0; i < 14; i++) {
    const b = -110 + i * 40;
    curves.push([
      [-20, b + c.r(-8, 8)],
      [100, b - 80 + c.r(-10, 10)],
      [230, b + 90 + c.r(-10, 10)],
      [353, b + 20 + c.r(-8, 8)],
    ]);
  }
  for (let i = 0; i < curves.length - 1; i++) {
    const [a0, a1, a2, a3] = curves[i];
    const [b0, b1, b2, b3] = curves[i + 1];
    const [dk, md, lt] = pals[i % pals.length];
    const fill = c.lin([
      [0, dk],
      [0.42, md],
      [0.55, lt],
      [0.7, md],
      [1, dk],
    ]);
    s += path(
      d`M${a0[0]} ${a0[1]}C${a1[0]} ${a1[1]} ${a2[0]} ${a2[1]} ${a3[0]} ${a3[1]}L${b3[0]} ${b3[1]}C${b2[0]} ${
        b2[1]
      } ${b1[0]} ${b1[1]} ${b0[0]} ${b0[1]}Z`,
      { fill, opacity: 0.9 },
    );
  }
  let hl = '';
  for (let i = 1; i < curves.length; i += 2) {
    const [a0, a1, a2, a3] = curves[i];
    hl += d`M${a0[0]} ${a0[1]}C${a1[0]} ${a1[1]} ${a2[0]} ${a2[1]} ${a3[0]} ${a3[1]}`;
  }
  s += path(hl, { fill: 'none', stroke: '#fdf4ff', 'stroke-width': 0.8, opacity: 0.25 });
  s += bgRect(
    c.rad([
      [0.3, '#05020c', 0.1],
      [1, '#05020c', 0.7],
    ]),
  );
  return s;
}

function butterfly(c) {
  let s = bgRect(
    c.rad([
      [0, '#151040'],
      [1, '#05040c'],
    ]),
  );
  s += c.stars(45);
  s += circ(166, 166, 140, {
    fill: c.rad([
      [0, '#14b8a6', 0.22],
      [1, '#14b8a6', 0],
    ]),
  });
  const upper = c.rad(
    [
      [0, '#5eead4'],
      [0.45, '#7c3aed'],
      [0.85, '#c026d3'],
      [1, '#4a044e'],
    ],
    [0, 0.85, 1.1],
  );
  const lower = c.rad(
    [
      [0, '#2dd4bf'],
      [0.6, '#6d28d9'],
      [1, '#2e1065'],
    ],
    [0, 0, 1.1],
  );
  const wing =
    path('M170 150C200 100 262 66 292 86C308 108 288 158 242 174C212 184 186 172 170 162Z', {
      fill: upper,
      stroke: '#f0abfc',
      'stroke-width': 1.2,
      'stroke-opacity': 0.6,
    }) +
    path('M170 168C202 174 250 190 250 230C248 262 214 266 196 242C182 224 174 196 170 176Z', {
      fill: lower,
      stroke: '#f0abfc',
      'stroke-width': 1.2,
      'stroke-opacity': 0.6,
    }) +
    path(
      'M172 156C210 130 240 112 276 96M172 160C210 150 240 150 262 150M172 172C200 190 216 210 230 240',
      {
        fill: 'none',
        stroke: '#1e0b3a',
        'stroke-width': 1,
        opacity: 0.5,
      },
    ) +
    circ(270, 104, 7, { fill: '#fdf4ff', opacity: 0.75 }) +
    circ(256, 126, 4, { fill: '#fdf4ff', opacity: 0.6 }) +
    circ(226, 232, 6, { fill: '#5eead4', opacity: 0.8 });
  const body =
    wing +
    g({ transform: `matrix(-1 0 0 1 ${S - 1} 0)` }, wing) +
    ell(166, 178, 5, 40, { fill: '#12082a', stroke: '#c4b5fd', 'stroke-width': 0.8 }) +
    circ(166, 134, 6, { fill: '#12082a' }) +
    path('M163 130C156 110 146 100 136 98M169 130C176 110 186 100 196 98', {
      fill: 'none',
      stroke: '#c4b5fd',
      'stroke-width': 1.2,
    }) +
    circ(136, 98, 2.5, { fill: '#f0abfc' }) +
    circ(196, 98, 2.5, { fill: '#f0abfc' });
  s += g({ transform: 'rotate(-14 166 170)' }, body);
  let trail = '';
  for (let i = 0; i < 16; i++) {
    const t = i / 16;
    trail += d`M${110 - t * 100 + c.r(-6, 6)} ${250 + t * 60 + c.r(-12, 12)}h0`;
  }
  s += path(trail, {
    stroke: '#5eead4',
    'stroke-width': 2,
    'stroke-linecap': 'round',
    opacity: 0.5,
  });
  return s;
}

function lips(c) {
  let s = bgRect(
    c.lin([
      [0, '#1c0718'],
      [1, '#07030a'],
    ]),
  );
  s += circ(166, 180, 150, {
    fill: c.rad([
      [0, '#ec4899', 0.3],
      [1, '#ec4899', 0],
    ]),
  });
  s += c.stars(30, [0, 0, S, S], { color: '#fbcfe8' });
  const upper = symPath(
    [166, 142],
    [
      [172, 137, 178, 131, 188, 131],
      [206, 130, 224, 158, 248, 174],
      [212, 178, 190, 168, 166, 175],
    ],
  );
  const lower = symPath(
    [166, 175],
    [
      [190, 168, 212, 180, 248, 174],
      [222, 216, 192, 228, 166, 228],
    ],
  );
  s += path(lower, {
    fill: c.lin([
      [0, '#db2777'],
      [0.55, '#be185d'],
      [1, '#6b0f3a'],
    ]),
  });
  s += path(upper, {
    fill: c.lin([
      [0, '#c026d3'],
      [1, '#831843'],
    ]),
  });
  s += path('M84 174C120 178 142 168 166 175C190 168 212 178 248 174', {
    fill: 'none',
    stroke: '#3b0724',
    'stroke-width': 2.2,
    'stroke-linecap': 'round',
  });
  s += ell(166, 204, 30, 7, { fill: '#fff', opacity: 0.2 });
  s += ell(142, 150, 12, 4, { fill: '#fff', opacity: 0.14, transform: 'rotate(-20 142 150)' });
  s += ell(190, 150, 12, 4, { fill: '#fff', opacity: 0.14, transform: 'rotate(20 190 150)' });
  s += sparkle(238, 112, 8, { fill: '#fdf2f8' });
  return s;
}

function galaxy(c) {
  let s = bgRect(
    c.rad([
      [0, '#1a0f3a'],
      [1, '#03020a'],
    ]),
  );
  s += c.stars(60);
  const rot = (-28 * Math.PI) / 180;
  const toXY = (x, y) => {
    const yy = y * 0.55;
    return [
      166 + x * Math.cos(rot) - yy * Math.sin(rot),
      166 + x * Math.sin(rot) + yy * Math.cos(rot),
    ];
  };
  s += g(
    { transform: 'translate(166 166) rotate(-28) scale(1 .55)' },
    circ(0, 0, 160, {
      fill: c.rad([
        [0, '#fff7ed', 0.9],
        [0.12, '#fde68a', 0.6],
        [0.4, '#c084fc', 0.22],
        [1, '#7c3aed', 0],
      ]),
    }),
  );
  const groups = { core: [], pink: [], violet: [], teal: [] };
  for (let arm = 0; arm < 2; arm++) {
    for (let i = 0; i < 120; i++) {
      const t = Math.pow(c.rnd(), 0.8);
      const r = 10 + t * 150;
      const th = arm * Math.PI + Math.log(r / 10) * 1.9 + (c.rnd() - 0.5) * (0.5 + 0.3 * t);
      const jr = r + (c.rnd() - 0.5) * 12;
      const [x, y] = toXY(jr * Math.cos(th), jr * Math.sin(th));
      const key = r < 40 ? 'core' : r < 85 ? 'pink' : c.rnd() < 0.7 ? 'violet' : 'teal';
      groups[key].push(d`M${x} ${y}h0`);
    }
  }
  const cols = { core: '#fef3c7', pink: '#f0abfc', violet: '#c4b5fd', teal: '#5eead4' };
  for (const [k, v] of Object.entries(groups)) {
    s += path(v.join(''), {
      stroke: cols[k],
      'stroke-width': k === 'core' ? 2 : 1.6,
      'stroke-linecap': 'round',
      opacity: 0.8,
    });
  }
  s += circ(166, 166, 6, { fill: '#fffbeb' });
  return s;
}

function lanterns(c) {
  const H0 = 218;
  let s = bgRect(
    c.lin([
      [0, '#070820'],
      [0.655, '#26205a'],
      [0.655, '#0c0b24'],
      [1, '#05050f'],
    ]),
  );
  s += c.stars(40, [0, 0, S, 150]);
  const glow = c.rad([
    [0, '#fbbf24', 0.5],
    [1, '#f59e0b', 0],
  ]);
  const body = c.lin([
    [0, '#c2410c'],
    [0.6, '#f59e0b'],
    [1, '#fef3c7'],
  ]);
  let far = '';
  for (let i = 0; i < 26; i++) far += d`M${c.r(5, 328)} ${c.r(10, 190)}h0`;
  s += path(far, {
    stroke: '#fbbf24',
    'stroke-width': 2.2,
    'stroke-linecap': 'round',
    opacity: 0.6,
  });
  s += path('M-10 219C40 206 70 204 110 212S190 200 230 208 300 204 343 214V220H-10Z', {
    fill: '#090818',
  });
  const list = [
    [70, 70, 14],
    [120, 132, 22],
    [206, 60, 16],
    [262, 120, 26],
    [168, 176, 12],
    [40, 150, 10],
    [300, 40, 9],
  ];
  let refl = '';
  for (const [x, y, w] of list) {
    s += circ(x, y + w * 0.5, w * 2.4, { fill: glow });
    s += path(
      d`M${x - w / 2} ${y}C${x - w / 2} ${y - w * 0.45} ${x + w / 2} ${y - w * 0.45} ${x + w / 2} ${y}L${
        x + w * 0.36
      } ${y + w * 1.15}Q${x} ${y + w * 1.28} ${x - w * 0.36} ${y + w * 1.15}Z`,
      { fill: body },
    );
    const ry = H0 + 12 + (H0 - y) * 0.3;
    s += ell(x, ry, w * 1.4, w * 0.35, { fill: glow });
    for (let k = 0; k < 3; k++) {
      const ww = w * c.r(0.5, 0.9) * (1 - k * 0.25);
      refl += d`M${x - ww / 2 + c.r(-2, 2)} ${ry - 4 + k * 5}h${ww}`;
    }
  }
  s += path(refl, {
    stroke: '#fbbf24',
    'stroke-width': 2,
    'stroke-linecap': 'round',
    opacity: 0.45,
  });
  return s;
}

function mountainLake(c) {
  const H0 = 196;
  let s = bgRect(
    c.lin([
      [0, '#050a1f'],
      [0.45, '#14305a'],
      [0.59, '#1f5566'],
      [0.59, '#0a1a2a'],
      [1, '#040a12'],
    ]),
  );
  s += c.stars(55, [0, 0, S, 120]);
  s += crescent(78, 56, 16, 10, 20, { fill: '#ccfbf1', opacity: 0.9 });
  const range = (peaks, base, fill, snow) => {
    const pts = [[-10, base]];
    let sn = '';
    for (const [x, y] of peaks) {
      const l = [x - c.r(14, 24), y + c.r(16, 26)];
      const r = [x + c.r(14, 24), y + c.r(18, 30)];
      pts.push(l, [x, y], r);
      const k = 0.6;
      const L = [x + (l[0] - x) * k, y + (l[1] - y) * k];
      const R = [x + (r[0] - x) * k, y + (r[1] - y) * k];
      sn += poly([[x, y], L, [L[0] + 5, L[1] - 4], [x, L[1] + 2], [R[0] - 4, R[1] - 5], R], true);
    }
    pts.push([343, base]);
    let o = path(poly(pts, true), { fill });
    if (snow) o += path(sn, { fill: snow, opacity: 0.75 });
    return o;
  };
  const back = range(
    [
      [40, 118],
      [110, 92],
      [190, 126],
      [262, 86],
      [320, 120],
    ],
    H0,
    '#3b2f78',
    '#ddd6fe',
  );
  const front = range(
    [
      [70, 150],
      [150, 160],
      [236, 146],
      [300, 162],
    ],
    H0,
    '#151b3d',
  );
  s += back + front;
  s += g({ transform: `matrix(1 0 0 -1 0 ${2 * H0})`, opacity: 0.38 }, back + front);
  let rip = '';
  for (let i = 0; i < 26; i++) {
    const y = c.r(H0 + 4, 330);
    rip += d`M${c.r(-10, 310)} ${y}h${c.r(10, 50)}`;
  }
  s += path(rip, {
    stroke: '#99f6e4',
    'stroke-width': 1,
    opacity: 0.25,
    'stroke-linecap': 'round',
  });
  let pines = '';
  for (const [x, h] of [
    [12, 70],
    [30, 54],
    [300, 62],
    [318, 80],
    [284, 44],
  ]) {
    for (let k = 0; k < 4; k++) {
      const yb = H0 + 2 - k * (h / 4.5);
      const w = (h / 3.4) * (1 - k * 0.2);
      pines += d`M${x - w} ${yb}L${x} ${yb - h / 2.6}L${x + w} ${yb}Z`;
    }
  }
  s += path(pines, { fill: '#050912' });
  return s;
}

function hands(c) {
  let s = bgRect(
    c.rad([
      [0, '#2a1236'],
      [1, '#07040c'],
    ]),
  );
  s += c.stars(50, [0, 0, S, S], { color: '#fde68a', ops: [0.3, 0.5, 0.8] });
  s += circ(167, 160, 110, {
    fill: c.rad([
      [0, '#fbbf24', 0.5],
      [0.3, '#f59e0b', 0.12],
      [1, '#f59e0b', 0],
    ]),
  });
  const HAND = [
    [-10, 170],
    [20, 162],
    [50, 154],
    [74, 148],
    [88, 145],
    [102, 146],
    [114, 149],
    [126, 152],
    [140, 155],
    [151, 157],
    [158, 160],
    [154, 164],
    [144, 165],
    [134, 167],
    [137, 174],
    [134, 181],
    [127, 181],
    [123, 175],
    [122, 184],
    [117, 190],
    [110, 189],
    [108, 182],
    [106, 189],
    [101, 194],
    [95, 192],
    [94, 186],
    [86, 186],
    [72, 186],
    [56, 188],
    [24, 196],
    [-10, 204],
  ];
  const shape = c.shape(path(smooth(HAND, true, 0.9)));
  const edge = c.shape(path(smooth(HAND.slice(0, 29), false, 0.9)));
  const L = 'translate(156 170) rotate(-8) scale(1.22) translate(-158 -160)';
  const R = 'translate(178 150) rotate(-16) scale(-1.22 1.22) translate(-158 -160)';
  s += use(shape, {
    transform: L,
    fill: c.lin(
      [
        [0, '#1e0b3a'],
        [1, '#7c3aed'],
      ],
      [0, 0, 1, 0],
    ),
  });
  s += use(shape, {
    transform: R,
    fill: c.lin(
      [
        [0, '#1a1040'],
        [1, '#a21caf'],
      ],
      [0, 0, 1, 0],
    ),
  });
  const rim = { fill: 'none', 'stroke-width': 1.4, 'stroke-linecap': 'round', opacity: 0.9 };
  s += use(edge, { transform: L, stroke: '#fde68a', ...rim });
  s += use(edge, { transform: R, stroke: '#f0abfc', ...rim });
  const gaps = 'M123 175l3-7M108 182l3-8M94 186l3-6';
  const gap = { fill: 'none', stroke: '#12061f', 'stroke-width': 1.2, 'stroke-linecap': 'round' };
  s += path(gaps, { transform: L, ...gap }) + path(gaps, { transform: R, ...gap });
  s += sparkle(167, 160, 12, { fill: '#fffbeb' });
  s += circ(167, 160, 3, { fill: '#fff' });
  return s;
}

function ocean(c) {
  const H0 = 124;
  let s = bgRect(
    c.lin([
      [0, '#060b24'],
      [0.24, '#1d2457'],
      [0.372, '#6b2a70'],
    ]),
  );
  s += c.stars(45, [0, 0, S, 110]);
  s += crescent(60, 46, 10, 7, -25, { fill: '#fae8ff', opacity: 0.85 });
  const cols = [
    ['#3b3f86', '#1a2150'],
    ['#2c4f86', '#132348'],
    ['#1f5c80', '#0e2340'],
    ['#186777', '#0b2138'],
    ['#137069', '#0a1e32'],
    ['#0f6461', '#08192a'],
    ['#0d5458', '#061422'],
    ['#0b4450', '#040d18'],
  ];
  let y = H0;
  cols.forEach(([hi, lo], i) => {
    if (i === 2) {
      // rock and lighthouse sit between the far and near waves
      s += path('M226 150C232 128 246 118 262 116S296 126 304 150Z', { fill: '#05060f' });
      s += path('M253 124L256 84H268L271 124ZM254 84H270L262 74Z', { fill: '#0b0d1c' });
      s += path('M256 104H268M255 114H269', { stroke: '#be185d', 'stroke-width': 3, opacity: 0.7 });
      s += circ(262, 78, 3, { fill: '#fffbeb' });
    }
    const amp = 2 + i * 2.8;
    const w1 = 14 + i * 6;
    const w2 = 6 + i * 3;
    const p1 = c.r(0, 6);
    const p2 = c.r(0, 6);
    const top = [];
    for (let x = -20; x <= 376; x += 30 + i * 4) {
      top.push([x, y + amp * (Math.sin(x / w1 + p1) * 0.75 + Math.sin(x / w2 + p2) * 0.25)]);
    }
    s += path(smooth(top) + d`L376 343L-20 343Z`, {
      fill: c.lin([
        [0, hi],
        [0.35, lo],
      ]),
      stroke: '#99f6e4',
      'stroke-width': 0.8 + i * 0.2,
      'stroke-opacity': 0.2 + i * 0.05,
    });
    y += 9 + i * 6;
  });
  // lighthouse beam sweeping left, and the lamp glow
  s += path('M150 92L262 70V82Z', {
    fill: c.lin(
      [
        [0, '#fde68a', 0],
        [1, '#fde68a', 0.5],
      ],
      [0, 0, 1, 0],
    ),
  });
  s += circ(262, 76, 16, {
    fill: c.rad([
      [0, '#fde68a', 0.8],
      [1, '#fde68a', 0],
    ]),
  });
  return s;
}

function keyhole(c) {
  let s = bgRect(
    c.lin([
      [0, '#1d0b22'],
      [1, '#0a040e'],
    ]),
  );
  s += path('M24 20H309V313H24ZM40 36H293V160H40ZM40 180H293V297H40Z', {
    fill: 'none',
    stroke: '#3a1a40',
    'stroke-width': 2,
    opacity: 0.6,
  });
  const rayFill = c.rad(
    [
      [0, '#fbbf24', 0.4],
      [1, '#d946ef', 0],
    ],
    [166, 170, 180],
    true,
  );
  let rays = '';
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2 + c.r(-0.1, 0.1);
    const w = c.r(0.04, 0.09);
    const L = 200;
    rays += d`M166 170L${166 + Math.cos(a - w) * L} ${170 + Math.sin(a - w) * L}L${166 + Math.cos(a + w) * L} ${
      170 + Math.sin(a + w) * L
    }Z`;
  }
  s += path(rays, { fill: rayFill });
  s += ell(166, 172, 50, 82, {
    fill: c.lin([
      [0, '#3a1c3f'],
      [1, '#1a0a1e'],
    ]),
    stroke: '#d4a017',
    'stroke-width': 2.5,
  });
  s += ell(166, 172, 42, 74, { fill: 'none', stroke: '#fbbf24', 'stroke-width': 1, opacity: 0.5 });
  let studs = '';
  for (const a of [-90, -45, 0, 45, 90, 135, 180, 225]) {
    const r = (a * Math.PI) / 180;
    studs += d`M${166 + Math.cos(r) * 46} ${172 + Math.sin(r) * 78}h0`;
  }
  s += path(studs, { stroke: '#fde68a', 'stroke-width': 3.5, 'stroke-linecap': 'round' });
  s += circ(166, 160, 56, {
    fill: c.rad([
      [0, '#fde68a', 0.45],
      [1, '#f59e0b', 0],
    ]),
  });
  s += path('M166 136A18 18 0 0 1 176 169L182 212H150L156 169A18 18 0 0 1 166 136Z', {
    fill: c.rad(
      [
        [0, '#fffbeb'],
        [0.5, '#fde68a'],
        [1, '#f59e0b'],
      ],
      [0.5, 0.35, 0.7],
    ),
  });
  let motes = '';
  for (let i = 0; i < 24; i++) {
    const a = c.r(0, 6.28);
    const r = c.r(60, 150);
    motes += d`M${166 + Math.cos(a) * r} ${170 + Math.sin(a) * r}h0`;
  }
  s += path(motes, {
    stroke: '#fde68a',
    'stroke-width': 1.8,
    'stroke-linecap': 'round',
    opacity: 0.5,
  });
  return s;
}

function starryHair(c) {
  let s = bgRect(
    c.lin(
      [
        [0, '#0a0820'],
        [1, '#170a32'],
      ],
      [0, 0, 1, 1],
    ),
  );
  s += c.stars(35, [0, 0, 150, S], { color: '#c7d2fe' });
  s += circ(240, 150, 150, {
    fill: c.rad([
      [0, '#7c3aed', 0.3],
      [1, '#7c3aed', 0],
    ]),
  });
  const head = 'matrix(-.8 0 0 .8 236 48)';
  s += path(PROFILE_FULL, {
    transform: head,
    fill: c.lin([
      [0, '#1e1b4b'],
      [1, '#0b0a22'],
    ]),
  });
  s += path(profileEdge, {
    transform: head,
    fill: 'none',
    stroke: '#c4b5fd',
    'stroke-width': 2,
    'stroke-linecap': 'round',
  });
  // hair: one flowing mass from the hairline, streaming right and down
  const hair = smooth(
    [
      [127, 100],
      [128, 80],
      [146, 62],
      [178, 52],
      [214, 56],
      [248, 72],
      [280, 68],
      [312, 52],
      [350, 60],
      [352, 150],
      [352, 340],
      [300, 312],
      [262, 272],
      [232, 242],
      [210, 214],
      [198, 172],
      [178, 132],
      [152, 108],
    ],
    true,
  );
  const hairFill = c.lin(
    [
      [0, '#312e81'],
      [0.5, '#6d28d9'],
      [1, '#c026d3'],
    ],
    [150, 60, 333, 300],
    true,
  );
  const hairId = c.shape(path(hair));
  s += use(hairId, { fill: hairFill });
  const locks = [
    [
      [214, 222],
      [236, 262],
      [226, 300],
      [250, 340],
    ],
    [
      [226, 236],
      [262, 268],
      [266, 300],
      [296, 330],
    ],
  ];
  for (const l of locks) s += path(ribbon(l, 14, 2), { fill: hairFill, opacity: 0.7 });
  let strands = '';
  const tips = [
    [350, 110],
    [350, 250],
    [320, 320],
    [280, 300],
    [350, 190],
  ];
  for (let i = 0; i < 10; i++) {
    const a = [140 + i * 7, 66 + i * 4];
    const b = tips[i % tips.length];
    const bend = c.r(20, 40);
    strands += smooth([a, [(a[0] + b[0]) / 2 + bend * 0.4, (a[1] + b[1]) / 2 - bend], b]);
  }
  const clip = c.clip(use(hairId));
  s += g(
    { 'clip-path': clip },
    path(strands, { fill: 'none', stroke: '#e9d5ff', 'stroke-width': 1, opacity: 0.25 }) +
      c.stars(50, [130, 40, S, 310], { color: '#fff', sizes: [1, 1.6, 2.4], ops: [0.5, 0.75, 1] }),
  );
  s += sparkle(282, 120, 8, { fill: '#fff' }) + sparkle(240, 226, 6, { fill: '#f5d0fe' });
  s += path('M134 149q-5 3-10 0', {
    fill: 'none',
    stroke: '#c4b5fd',
    'stroke-width': 1.4,
    'stroke-linecap': 'round',
  });
  return s;
}
const PROFILE_FULL = smooth(
  [...PROFILE.slice(2), [60, 340], [62, 250], [40, 208], [22, 150], [26, 90]],
  true,
);

function lotus(c) {
  let s = bgRect(
    c.lin([
      [0, '#0a0a24'],
      [0.5, '#132a44'],
      [0.56, '#0d2a36'],
      [1, '#031014'],
    ]),
  );
  s += c.stars(35, [0, 0, S, 140]);
  s += circ(166, 190, 130, {
    fill: c.rad([
      [0, '#d946ef', 0.35],
      [1, '#d946ef', 0],
    ]),
  });
  let rip = '';
  for (let i = 0; i < 5; i++) {
    const rx = 70 + i * 38;
    rip += d`M${166 - rx} 236a${rx} ${rx * 0.16} 0 1 0 ${2 * rx} 0a${rx} ${rx * 0.16} 0 1 0 ${-2 * rx} 0`;
  }
  s += path(rip, { fill: 'none', stroke: '#5eead4', 'stroke-width': 1, opacity: 0.22 });
  const pad = (x, y, r) =>
    path(
      d`M${x} ${y}L${x + r} ${y - r * 0.12}A${r} ${r * 0.34} 0 1 1 ${x + r * 0.9} ${y + r * 0.16}Z`,
      {
        fill: '#0f3d3a',
        stroke: '#14b8a6',
        'stroke-width': 1,
        'stroke-opacity': 0.5,
      },
    );
  s += pad(66, 268, 44) + pad(266, 252, 34) + pad(230, 300, 26);
  const petal = (len, w) =>
    d`M0 0C${w * 0.95} ${-len * 0.25} ${w * 0.6} ${-len * 0.8} 0 ${-len}C${-w * 0.6} ${-len * 0.8} ${-w * 0.95} ${
      -len * 0.25
    } 0 0Z`;
  const back = c.lin([
    [0, '#fbcfe8'],
    [0.55, '#db2777'],
    [1, '#701a75'],
  ]);
  const front = c.lin([
    [0, '#fdf2f8'],
    [0.5, '#f472b6'],
    [1, '#a21caf'],
  ]);
  let flower = '';
  for (const [a, len, w, fill] of [
    [-74, 70, 22, back],
    [74, 70, 22, back],
    [-50, 86, 26, back],
    [50, 86, 26, back],
    [-24, 96, 28, back],
    [24, 96, 28, back],
    [-36, 70, 24, front],
    [36, 70, 24, front],
    [-12, 82, 26, front],
    [12, 82, 26, front],
    [0, 66, 22, front],
  ]) {
    flower += path(petal(len, w), {
      transform: tr(166, 232, a),
      fill,
      stroke: '#4a044e',
      'stroke-width': 1,
      'stroke-opacity': 0.5,
    });
  }
  const bloom = c.shape(g({}, flower));
  s += use(bloom, { transform: 'matrix(1 0 0 -.45 0 336)', opacity: 0.22 });
  s += use(bloom);
  s += sparkle(166, 150, 7, { fill: '#fff' });
  return s;
}

function wineGlasses(c) {
  let s = bgRect(
    c.rad(
      [
        [0, '#2e0b22'],
        [1, '#08040a'],
      ],
      [0.5, 0.4, 0.75],
    ),
  );
  const bokeh = c.rad([
    [0, '#f472b6', 0.05],
    [0.85, '#f472b6', 0.2],
    [1, '#f472b6', 0],
  ]);
  for (let i = 0; i < 12; i++) s += circ(c.r(0, S), c.r(0, S), c.r(8, 30), { fill: bokeh });
  const bowl = 'M-32 0C-34 44-20 76 0 80C20 76 34 44 32 0Z';
  const glass = (x, y, rot) => {
    const t = tr(x, y, rot);
    const clip = c.clip(path(bowl, { transform: t }));
    let o = rect(x - 60, y + 36, 120, 80, {
      'clip-path': clip,
      fill: c.lin([
        [0, '#be185d'],
        [1, '#4a0426'],
      ]),
    });
    o += path(bowl + 'M0 80V158M-26 160C-14 156 14 156 26 160C14 164-14 164-26 160Z', {
      transform: t,
      fill: '#f5d0fe',
      'fill-opacity': 0.06,
      stroke: '#f5d0fe',
      'stroke-width': 1.6,
      'stroke-opacity': 0.75,
    });
    o += path('M-24 10C-26 36-18 58-6 68', {
      transform: t,
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 2.5,
      opacity: 0.3,
      'stroke-linecap': 'round',
    });
    return o;
  };
  s += glass(128, 110, 14);
  s += glass(204, 110, -14);
  s += circ(166, 102, 30, {
    fill: c.rad([
      [0, '#fde68a', 0.6],
      [1, '#fde68a', 0],
    ]),
  });
  s += sparkle(166, 100, 14, { fill: '#fffbeb' });
  s += path('M166 70v-12M148 80l-8-8M184 80l8-8', {
    stroke: '#fde68a',
    'stroke-width': 1.5,
    'stroke-linecap': 'round',
    opacity: 0.8,
  });
  return s;
}

function heartConstellation(c) {
  let s = bgRect(
    c.rad(
      [
        [0, '#17133f'],
        [1, '#04030d'],
      ],
      [0.5, 0.4, 0.75],
    ),
  );
  s += ell(0, 0, 240, 40, {
    transform: 'translate(166 166) rotate(-35)',
    fill: c.rad([
      [0, '#8b5cf6', 0.3],
      [1, '#8b5cf6', 0],
    ]),
  });
  s += c.stars(110, [0, 0, S, S], { color: '#e0e7ff' });
  const pts = [];
  const N = 12;
  for (let i = 0; i < N; i++) {
    const t = (i / N) * Math.PI * 2;
    const x = 16 * Math.sin(t) ** 3;
    const y = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
    pts.push([166 + x * 6.4 + c.r(-3, 3), 164 - y * 6.4 + c.r(-3, 3)]);
  }
  s += path(poly(pts, true), { fill: 'none', stroke: '#c4b5fd', 'stroke-width': 1, opacity: 0.55 });
  const glows = ['#e879f9', '#818cf8'].map((col) =>
    c.rad([
      [0, col, 0.55],
      [1, col, 0],
    ]),
  );
  for (const [x, y] of pts) {
    const r = c.r(4, 8);
    s += circ(x, y, r * 2, { fill: c.pick(glows) });
    s += sparkle(x, y, r, { fill: '#fff' });
  }
  return s;
}

function swans(c) {
  const H0 = 246;
  let s = bgRect(
    c.lin([
      [0, '#12062a'],
      [0.45, '#5b1648'],
      [0.738, '#c0266d'],
      [0.738, '#1a0820'],
      [1, '#07030b'],
    ]),
  );
  s += c.stars(25, [0, 0, S, 70]);
  s += circ(166, 176, 98, {
    fill: c.rad(
      [
        [0, '#fce7f3'],
        [0.55, '#f472b6'],
        [1, '#db2777'],
      ],
      [0.5, 0.45, 0.6],
    ),
    opacity: 0.9,
  });
  let refl = '';
  for (let y = H0 + 6; y < 330; y += c.r(5, 8)) {
    const w = (180 - (y - H0) * 0.9) * c.r(0.4, 1);
    if (w > 10) refl += d`M${166 - w / 2 + c.r(-6, 6)} ${y}h${w}`;
  }
  s += path(refl, {
    stroke: '#f472b6',
    'stroke-width': 2,
    'stroke-linecap': 'round',
    opacity: 0.45,
  });
  const swan =
    path(
      'M160 240C150 252 92 254 62 242C46 234 36 214 30 196C62 204 92 212 122 214C142 216 154 226 160 240Z',
    ) +
    path('M158 236C108 218 96 146 128 118C142 106 160 112 160 128', {
      fill: 'none',
      stroke: '#1a0616',
      'stroke-width': 11,
      'stroke-linecap': 'round',
    }) +
    path('M151 121L166 147L157 127Z') +
    circ(154, 124, 9);
  s += g({ fill: '#1a0616' }, swan + g({ transform: `matrix(-1 0 0 1 ${S - 1} 0)` }, swan));
  return s;
}

function fireflies(c) {
  let s = bgRect(
    c.lin([
      [0, '#04121a'],
      [1, '#0a1f24'],
    ]),
  );
  s += circ(166, 180, 170, {
    fill: c.rad([
      [0, '#134e4a', 0.5],
      [1, '#134e4a', 0],
    ]),
  });
  s += crescent(250, 60, 18, 12, -10, { fill: '#ecfeff', opacity: 0.7 });
  const trunk = (x, w, fill) =>
    path(
      d`M${x - w / 2} 343C${x - w * 0.4} 200 ${x - w * 0.3} 100 ${x - w * 0.25} -10H${x + w * 0.25}C${x + w * 0.3} 100 ${
        x + w * 0.4
      } 200 ${x + w / 2} 343Z`,
      { fill },
    );
  for (const x of [60, 140, 212, 300]) s += trunk(x + c.r(-10, 10), c.r(8, 14), '#0c2c33');
  for (const x of [24, 112, 250, 320]) s += trunk(x + c.r(-8, 8), c.r(18, 30), '#020a0e');
  const canopy = [];
  for (let x = -20; x <= 360; x += 30) canopy.push([x, c.r(10, 44)]);
  s += path(smooth(canopy) + 'L360 -10L-20 -10Z', { fill: '#020a0e' });
  s += path('M-10 343V304C60 292 120 300 170 296S280 290 343 300V343Z', { fill: '#020a0e' });
  let grass = '';
  for (let x = 0; x < S; x += c.r(3, 7))
    grass += d`M${x} 304q${c.r(-3, 3)} -8 ${c.r(-6, 6)} ${-c.r(8, 20)}`;
  s += path(grass, { stroke: '#020a0e', 'stroke-width': 1.4, fill: 'none' });
  const glow = c.rad([
    [0, '#fbbf24', 0.55],
    [1, '#fbbf24', 0],
  ]);
  let dots = '';
  for (let i = 0; i < 34; i++) {
    const x = c.r(10, 323);
    const y = c.r(70, 300);
    if (i < 18) s += circ(x, y, c.r(5, 10), { fill: glow });
    dots += d`M${x} ${y}h0`;
  }
  s += path(dots, { stroke: '#fef3c7', 'stroke-width': 2.2, 'stroke-linecap': 'round' });
  return s;
}

function eclipse(c) {
  let s = bgRect(
    c.rad([
      [0, '#1e0a2e'],
      [1, '#040208'],
    ]),
  );
  s += c.stars(60, [0, 0, S, S], { avoid: (x, y) => Math.hypot(x - 166, y - 166) < 90 });
  s += circ(166, 166, 150, {
    fill: c.rad(
      [
        [0, '#fdf4ff'],
        [0.39, '#fdf4ff'],
        [0.43, '#e879f9', 0.85],
        [0.6, '#a21caf', 0.3],
        [1, '#6d28d9', 0],
      ],
      [166, 166, 150],
      true,
    ),
  });
  let rays = '';
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * Math.PI * 2 + c.r(-0.08, 0.08);
    const L = 58 + c.r(25, 110);
    const w = 0.06;
    rays += d`M${166 + Math.cos(a - w) * 56} ${166 + Math.sin(a - w) * 56}L${166 + Math.cos(a) * L} ${
      166 + Math.sin(a) * L
    }L${166 + Math.cos(a + w) * 56} ${166 + Math.sin(a + w) * 56}Z`;
  }
  s += path(rays, { fill: '#f0abfc', opacity: 0.16 });
  s += circ(166, 166, 58, {
    fill: '#050208',
    stroke: '#f5d0fe',
    'stroke-width': 1,
    'stroke-opacity': 0.6,
  });
  const dx = 166 + Math.cos(-0.75) * 58;
  const dy = 166 + Math.sin(-0.75) * 58;
  s += circ(dx, dy, 22, {
    fill: c.rad([
      [0, '#fff', 0.9],
      [1, '#f0abfc', 0],
    ]),
  });
  s += path(d`M${dx - 34} ${dy}h68M${dx} ${dy - 26}v52`, {
    stroke: '#fff',
    'stroke-width': 1,
    opacity: 0.6,
  });
  s += circ(dx, dy, 3.5, { fill: '#fff' });
  return s;
}

function bokeh(c) {
  let s = bgRect(
    c.lin([
      [0, '#0a0618'],
      [1, '#160b28'],
    ]),
  );
  const cols = ['#d946ef', '#8b5cf6', '#f59e0b', '#14b8a6', '#f472b6', '#6366f1'];
  const fills = cols.map((col) =>
    c.rad([
      [0, col, 0.16],
      [0.82, col, 0.28],
      [0.95, col, 0.55],
      [1, col, 0],
    ]),
  );
  for (let i = 0; i < 46; i++) {
    const r = 6 + Math.pow(c.rnd(), 2) * 44;
    s += circ(c.r(-20, 353), c.r(-20, 353), r, {
      fill: c.pick(fills),
      opacity: f(Math.min(0.85, 12 / r + 0.15), 2),
    });
  }
  return s;
}

function moonPhases(c) {
  let s = bgRect(
    c.lin([
      [0, '#0b0b2a'],
      [1, '#06051a'],
    ]),
  );
  s += c.stars(70);
  s += circ(166, 100, 90, {
    fill: c.rad([
      [0, '#a78bfa', 0.4],
      [1, '#a78bfa', 0],
    ]),
  });
  s += path('M22 206A150 150 0 0 1 310 206', {
    fill: 'none',
    stroke: '#a78bfa',
    'stroke-width': 1.6,
    'stroke-dasharray': '0 7',
    'stroke-linecap': 'round',
    opacity: 0.5,
  });
  const lit = c.rad(
    [
      [0, '#faf5ff'],
      [1, '#c4b5fd'],
    ],
    [0.4, 0.4, 0.7],
  );
  const phases = [0.16, 0.34, 0.72, 1, 0.72, 0.34, 0.16];
  phases.forEach((p, i) => {
    const k = i - 3;
    const a = ((-90 + k * 23) * Math.PI) / 180;
    const x = 166 + Math.cos(a) * 150;
    const y = 250 + Math.sin(a) * 150;
    const r = k === 0 ? 30 : 22 - Math.abs(k) * 2;
    s += circ(x, y, r, { fill: '#1c1745' });
    if (p >= 1) {
      s += circ(x, y, r, { fill: lit });
    } else {
      const rx = r * Math.abs(1 - 2 * p);
      const sweep = p < 0.5 ? 0 : 1;
      s += path(d`M0 ${-r}A${r} ${r} 0 0 1 0 ${r}A${rx} ${r} 0 0 ${sweep} 0 ${-r}Z`, {
        transform: tr(x, y) + (k < 0 ? ' scale(-1 1)' : ''),
        fill: lit,
      });
    }
  });
  for (let i = 0; i < 3; i++) {
    const y = 262 + i * 22;
    const wave = [];
    for (let x = -20; x <= 360; x += 40) wave.push([x, y + c.r(-6, 6)]);
    s += path(smooth(wave) + d`L360 343L-20 343Z`, { fill: '#c4b5fd', opacity: 0.06 + i * 0.03 });
  }
  return s;
}

// ------------------------------------------------------------- assembly --

const TILES = [
  ['moon rising over still water, reflection streaks', moonOverWater],
  ['magenta rose in full bloom with teal leaves', rose],
  ['aurora curtains over mountain ridges', aurora],
  ['violet masquerade mask with gold trim and plumes', masquerade],
  ['city skyline at night with lit windows', cityNight],
  ['glowing violet-to-pink feather', feather],
  ['three candles with warm flames', candles],
  ['two rim-lit profiles facing each other', twoProfiles],
  ['crystal cluster in teal, violet and magenta', crystals],
  ['desert dunes under a dusk sun', dunes],
  ['neon heart pierced by a teal arrow', neonHeart],
  ['castle silhouette against a great moon', castle],
  ['flowing silk drapery folds', silk],
  ['teal and violet butterfly', butterfly],
  ['stylised rose-magenta lips', lips],
  ['spiral galaxy', galaxy],
  ['sky lanterns over dark water', lanterns],
  ['mountain lake with mirrored peaks and pines', mountainLake],
  ['two hands almost touching, spark between', hands],
  ['lighthouse beam over rolling twilight waves', ocean],
  ['glowing keyhole on an ornate plate', keyhole],
  ['profile with star-filled flowing hair', starryHair],
  ['lotus blooming on rippled water', lotus],
  ['two wine glasses clinking', wineGlasses],
  ['heart-shaped constellation', heartConstellation],
  ['two swans forming a heart at sunset', swans],
  ['fireflies in a dark forest', fireflies],
  ['total eclipse with magenta corona', eclipse],
  ['soft bokeh lights', bokeh],
  ['arc of moon phases', moonPhases],
];

function svgDoc(size, view, defs, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${view} ${view}">` +
    (defs.length ? `<defs>${defs.join('')}</defs>` : '') +
    body +
    '</svg>\n'
  );
}

function logoMark(prefix, size) {
  const gid = `${prefix}g`;
  const mid = `${prefix}m`;
  const defs = [
    `<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e879f9"/><stop offset=".5" stop-color="#d946ef"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>`,
    `<mask id="${mid}"><rect width="64" height="64" fill="#fff"/><circle cx="46" cy="23" r="19" fill="#000"/></mask>`,
  ];
  const body =
    `<path mask="url(#${mid})" fill="url(#${gid})" d="${heart(32, 32, 27)}"/>` +
    sparkle(46, 23, 8, { fill: `url(#${gid})` });
  return svgDoc(size, 64, defs, body);
}

function main() {
  mkdirSync(ART_DIR, { recursive: true });
  let total = 0;
  TILES.forEach(([desc, draw], i) => {
    const n = i + 1;
    const c = makeCtx(n);
    const body = draw(c);
    const svg = svgDoc(S, S, c.defs, body);
    const file = join(ART_DIR, `tile-${String(n).padStart(2, '0')}.svg`);
    writeFileSync(file, svg);
    total += Buffer.byteLength(svg);
    const kb = (Buffer.byteLength(svg) / 1024).toFixed(1);
    console.log(`tile-${String(n).padStart(2, '0')}.svg  ${kb.padStart(4)} KB  ${desc}`);
  });
  precision = 1;
  writeFileSync(join(PUBLIC_DIR, 'favicon.svg'), logoMark('rvf', 64));
  writeFileSync(join(PUBLIC_DIR, 'logo.svg'), logoMark('rvl', 32));
  console.log(`total tiles: ${(total / 1024).toFixed(1)} KB`);
}

main();
