import { colourRegions, type ColourRegions } from './colour-regions';
import { closeMask, connectedParts, insideOf, openMask, partsAtBorder } from './mask-cleanup';

/**
 * See-through products on a busy backdrop (a tinted glass bottle in front of stripes): ISNet gives
 * them nothing at all, because every part of the bottle shows the backdrop behind it. What the
 * photo still shows is the tint: behind glass of colour C and opacity α, a backdrop colour B
 * becomes (1 − α)·B + α·C. So where the product's edge cuts a stripe, the stripe's colour outside
 * (a), its colour inside (b) and C lie on one line, with C beyond b: C = a + (b − a)/α.
 *
 * 1. The tint: every pair of neighbouring regions of one colour (finer regions than the other
 *    passes', so that the faint steps between stripes seen through glass stay apart) votes for the
 *    colours on its line beyond b, for opacities from 0.42 to 0.9. Each pair of colours votes once:
 *    the stripes of a backdrop repeat a few pairs many times, while the edge of a product cuts each
 *    stripe at another opacity and gives many pairs. The colour most lines pass near is refined as
 *    the point nearest to them (least squares).
 * 2. The product: pixels whose colour is C, or lies between C and a large colour of the photo
 *    (B seen through glass of an opacity from 0.375 to 0.92), opened, the largest part with its
 *    holes filled (things behind the glass that are not the photo's large colours).
 * 3. It replaces the mask only when it is convincing and the mask disagrees with it: it is a solid
 *    part (few tinted pixels elsewhere), not a piece of the backdrop (it meets the photo's edge on
 *    one side at most, and not for long), and a real share of the photo. When step 2 takes in much
 *    of the backdrop too (a stripe whose colour happens to lie between C and another stripe's), it
 *    is tried once more without the colours of the regions at the photo's edge. A matte product
 *    gives itself as its own tint; where the model's mask agrees with it the mask stays, as it
 *    follows the edges more closely. Once convinced, the product also takes what lies behind its
 *    edges (`Tint.behindEdges`), and loses the areas of the backdrop's own colours inside it (the
 *    hole a mug's handle encloses): seen through glass no colour stays the same.
 * 4. Its look (`Glass`): the cut-out product would show the old backdrop through it, so its tinted
 *    pixels are given the colour C and, as opacity, α = 1 − 1/t from the backdrop colour they
 *    match (the median of the product's where a pixel behind its edges matches none). A pixel of
 *    colour C is opaque: nothing shows through it. Placed on a new scene, the glass then shows the
 *    new scene through it.
 */

/** Finer regions for the votes: neighbours within 2 per channel, within 16 of the region's start. */
const FINE_STEP = 2;
const FINE_SPAN = 16;
/** Regions smaller than this (at 1024²) do not vote. */
const MIN_VOTING_REGION_PX = 32;
/** Two regions are neighbours when they meet this many pixels apart (across an anti-aliased edge)… */
const NEIGHBOUR_GAP_PX = 3;
/** … at least this many times. */
const MIN_SHARED_EDGE = 4;
/** Colours closer than this (RGB distance) are not a pair worth a vote. */
const MIN_PAIR_DISTANCE = 15;
/** C = a + k·(b − a) for k = 1/α from 1.1 to 2.4 (opacity 0.9 down to 0.42), in this many steps. */
const K_MIN = 1.1;
const K_MAX = 2.4;
const K_STEPS = 24;
/** Votes are counted in cubes of 8 levels per channel, and the peak read over 2×2×2 of them. */
const VOTE_BIN = 8;
const VOTE_BINS = 256 / VOTE_BIN;
/** Lines nearer than this to the peak refine it (first rounds), then nearer than the second. */
const REFINE_NEAR = [12, 6];
const REFINE_ROUNDS = 8;
/** A tint needs at least this many lines passing near it. */
const MIN_SUPPORT = 20;

/** Backdrop colours for the pixel test: regions of one colour of at least this many pixels (at 1024²). */
const PALETTE_REGION_PX = 3000;
/** A pixel lies between C and B when B = C + t·(pixel − C) for t in this range (opacity 0.375–0.92)… */
const T_MIN = 1.6;
const T_MAX = 12;
/** … within this distance of the line, plus a share of the distance from C (noise grows with it). */
const LINE_TOLERANCE = 6;
const LINE_TOLERANCE_SHARE = 0.08;
/** A pixel this close to a colour of the backdrop at the photo's edge is that colour, not a tint. */
const BACKDROP_SAME = 6;
/** An area of the backdrop's colours this large (at 1024²) inside the product is a hole in it. */
const MIN_SEEN_PX = 400;
/** A pixel this close to C is C. */
const SAME_COLOUR = 4;
/** The tinted pixels are opened with a disc of this radius (at 1024²) to part thin bridges. */
const OPEN_RADIUS_PX = 4;
/** The glass is closed with a disc of this radius (at 1024²) over the seams between stripes behind it. */
const SEAM_RADIUS_PX = 2;

/** The product must be at least this share of the photo… */
const MIN_AREA_SHARE = 0.02;
/** … with no more tinted pixels than this many times its area in the whole photo… */
const MAX_TINTED_PER_AREA = 1.3;
/** … meeting the photo's edge on one side at most, along at most this share of its two outer rings… */
const MAX_EDGE_SHARE = 0.1;
/** … and the mask is replaced only when it overlaps the product by less than this (IoU). */
const AGREEING_IOU = 0.85;

type Rgb = [number, number, number];

/**
 * How a see-through product covers what lies behind it: its tint, and per pixel (0..255, at the
 * model's size) the tint's opacity, 255 where the product shows its own colour (and outside it).
 */
export interface Glass {
  tint: Rgb;
  opacity: Uint8Array;
}

/** The product's mask (0..255) and, when it is see-through, its look. */
export interface ProductCut {
  mask: Uint8Array;
  glass: Glass | null;
}

/** Mean colour of every region. */
function regionColours(rgb: Uint8Array, regions: ColourRegions): Float64Array {
  const { labels, areas } = regions;
  const mean = new Float64Array(areas.length * 3);
  for (let i = 0; i < labels.length; i++) {
    const r = labels[i]! * 3;
    mean[r]! += rgb[i * 3]!;
    mean[r + 1]! += rgb[i * 3 + 1]!;
    mean[r + 2]! += rgb[i * 3 + 2]!;
  }
  for (let r = 0; r < areas.length; r++) for (let c = 0; c < 3; c++) mean[r * 3 + c]! /= areas[r]!;
  return mean;
}

/** How often each pair of voting regions meets `NEIGHBOUR_GAP_PX` apart (key a·n + b, a < b). */
function neighbouringRegions(regions: ColourRegions, size: number, minArea: number): Map<number, number> {
  const { labels, areas } = regions;
  const n = areas.length;
  const pairs = new Map<number, number>();
  const gap = NEIGHBOUR_GAP_PX;
  // No closure per pixel: this looks at two neighbours of each of the photo's pixels.
  for (let i = 0; i < labels.length; i++) {
    const a = labels[i]!;
    if (areas[a]! < minArea) continue;
    const x = i % size;
    for (let k = 0; k < 2; k++) {
      const j = k === 0 ? (x + gap < size ? i + gap : -1) : i + gap * size < labels.length ? i + gap * size : -1;
      if (j < 0) continue;
      const b = labels[j]!;
      if (a === b || areas[b]! < minArea) continue;
      const key = a < b ? a * n + b : b * n + a;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
  }
  return pairs;
}

interface Line {
  from: Rgb;
  /** Unit direction from a to b. */
  direction: Rgb;
}

/** The line from region a's mean colour through b's, the step between them and its length. */
function lineBetween(mean: Float64Array, a: number, b: number): { line: Line; step: number[]; length: number } {
  const from = [mean[a * 3]!, mean[a * 3 + 1]!, mean[a * 3 + 2]!] as Rgb;
  const step = [0, 1, 2].map((c) => mean[b * 3 + c]! - from[c]!);
  const length = Math.hypot(...step);
  return { line: { from, direction: step.map((v) => v / (length || 1)) as Rgb }, step, length };
}

const det3 = (m: number[]) =>
  m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
  m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
  m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);

/** Distance of `point` from the line, and how far along it (negative: behind its start). */
function fromLine(line: Line, point: readonly number[]) {
  const e = [0, 1, 2].map((c) => point[c]! - line.from[c]!);
  const along = e[0]! * line.direction[0] + e[1]! * line.direction[1] + e[2]! * line.direction[2];
  const off = Math.hypot(...[0, 1, 2].map((c) => e[c]! - along * line.direction[c]!));
  return { along, off };
}

/** The point nearest (least squares) to the lines within `near` of `guess` ahead of their start. */
function refine(lines: Line[], guess: Rgb, near: number): { point: Rgb; support: number } {
  const a = new Array<number>(9).fill(0);
  const rhs = [0, 0, 0];
  let support = 0;
  for (const line of lines) {
    const { along, off } = fromLine(line, guess);
    if (along <= 0 || off > near) continue;
    support++;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const m = (i === j ? 1 : 0) - line.direction[i]! * line.direction[j]!;
        a[i * 3 + j]! += m;
        rhs[i]! += m * line.from[j]!;
      }
    }
  }
  const d = det3(a);
  if (support < 3 || Math.abs(d) < 1e-9) return { point: guess, support };
  const point = [0, 1, 2].map((k) => det3(a.map((v, idx) => (idx % 3 === k ? rhs[Math.floor(idx / 3)]! : v))) / d);
  return { point: point as Rgb, support };
}

export interface Tint {
  colour: Rgb;
  /** How many lines (pairs of colours) pass near it. */
  support: number;
  /**
   * 1 on the inner side of every edge whose two colours point at the tint: things behind the glass
   * that are not the backdrop's main colours (a blob half behind the bottle), which the pixel test
   * of step 2 cannot recognise.
   */
  behindEdges: () => Uint8Array;
}

/** The colour of a see-through product in front of the backdrop (step 1). */
export function tintOf(rgb: Uint8Array, size: number): Tint | null {
  const regions = colourRegions(rgb, size, FINE_STEP, FINE_SPAN);
  const mean = regionColours(rgb, regions);
  const scale = (size / 1024) ** 2;
  const pairs = neighbouringRegions(regions, size, Math.max(4, MIN_VOTING_REGION_PX * scale));
  const colourKey = (r: number) =>
    ((mean[r * 3]! >> 3) << 10) | ((mean[r * 3 + 1]! >> 3) << 5) | (mean[r * 3 + 2]! >> 3);
  const voted = new Set<number>();
  const votes = new Float64Array(VOTE_BINS ** 3);
  const lines: Line[] = [];
  const n = regions.areas.length;
  for (const [key, shared] of pairs) {
    if (shared < MIN_SHARED_EDGE) continue;
    const first = Math.floor(key / n);
    const second = key % n;
    for (const [a, b] of [
      [first, second],
      [second, first],
    ] as const) {
      const pairKey = colourKey(a) * 32768 + colourKey(b);
      if (voted.has(pairKey)) continue;
      voted.add(pairKey);
      const { line, step, length } = lineBetween(mean, a, b);
      if (length < MIN_PAIR_DISTANCE) continue;
      const bins = new Set<number>();
      for (let s = 0; s <= K_STEPS; s++) {
        const k = K_MIN + ((K_MAX - K_MIN) * s) / K_STEPS;
        const c = [0, 1, 2].map((ch) => line.from[ch]! + k * step[ch]!);
        if (c.some((v) => v < -4 || v > 259)) continue;
        const [r, g, bl] = c.map((v) => Math.min(VOTE_BINS - 1, Math.max(0, Math.floor(v / VOTE_BIN))));
        bins.add((r! * VOTE_BINS + g!) * VOTE_BINS + bl!);
      }
      for (const bin of bins) votes[bin]!++;
      lines.push(line);
    }
  }
  let best = -1;
  let bestVotes = 0;
  const at = (r: number, g: number, b: number) => votes[(r * VOTE_BINS + g) * VOTE_BINS + b]!;
  for (let r = 0; r < VOTE_BINS - 1; r++) {
    for (let g = 0; g < VOTE_BINS - 1; g++) {
      for (let b = 0; b < VOTE_BINS - 1; b++) {
        const sum =
          at(r, g, b) +
          at(r + 1, g, b) +
          at(r, g + 1, b) +
          at(r, g, b + 1) +
          at(r + 1, g + 1, b) +
          at(r + 1, g, b + 1) +
          at(r, g + 1, b + 1) +
          at(r + 1, g + 1, b + 1);
        if (sum > bestVotes) {
          bestVotes = sum;
          best = (r * VOTE_BINS + g) * VOTE_BINS + b;
        }
      }
    }
  }
  if (best < 0) return null;
  // The corner shared by the peak's 2×2×2 cubes.
  let colour: Rgb = [
    (Math.floor(best / VOTE_BINS ** 2) + 1) * VOTE_BIN,
    ((Math.floor(best / VOTE_BINS) % VOTE_BINS) + 1) * VOTE_BIN,
    ((best % VOTE_BINS) + 1) * VOTE_BIN,
  ];
  let support = 0;
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    const near = round < 3 ? REFINE_NEAR[0]! : REFINE_NEAR[1]!;
    ({ point: colour, support } = refine(lines, colour, near));
    if (support < 3) break;
  }
  const found = colour;
  const behindEdges = () => {
    const inner = new Uint8Array(n);
    for (const [key, shared] of pairs) {
      if (shared < MIN_SHARED_EDGE) continue;
      const first = Math.floor(key / n);
      const second = key % n;
      if (pointsAt(mean, first, second, found)) inner[second] = 1;
      else if (pointsAt(mean, second, first, found)) inner[first] = 1;
    }
    const out = new Uint8Array(regions.labels.length);
    for (let i = 0; i < out.length; i++) out[i] = inner[regions.labels[i]!]!;
    return out;
  };
  return { colour, support, behindEdges };
}

/** Whether the tint lies on the line from region a's colour through b's, beyond b (b is a behind glass). */
function pointsAt(mean: Float64Array, a: number, b: number, tint: Rgb): boolean {
  const { line, length } = lineBetween(mean, a, b);
  if (length < MIN_PAIR_DISTANCE) return false;
  const { along, off } = fromLine(line, tint);
  return along >= K_MIN * length && along <= K_MAX * length && off <= REFINE_NEAR[1]!;
}

/**
 * The photo's large colours (regions of one colour of `PALETTE_REGION_PX` or more), and among them
 * the backdrop's for certain: those of regions that reach the photo's edge.
 */
function paletteOf(rgb: Uint8Array, size: number, regions: ColourRegions): { palette: Rgb[]; backdrop: Rgb[] } {
  const { labels, areas } = regions;
  const mean = regionColours(rgb, regions);
  const atEdge = partsAtBorder(labels, areas.length, size);
  const palette: Rgb[] = [];
  const backdrop: Rgb[] = [];
  const minArea = PALETTE_REGION_PX * (size / 1024) ** 2;
  for (let r = 0; r < areas.length; r++) {
    if (areas[r]! < minArea) continue;
    const colour: Rgb = [mean[r * 3]!, mean[r * 3 + 1]!, mean[r * 3 + 2]!];
    palette.push(colour);
    if (atEdge[r]) backdrop.push(colour);
  }
  return { palette, backdrop };
}

/**
 * 1 where a pixel's colour is `tint` or lies between it and one of `palette`'s colours (see 2.),
 * unless it is one of `backdrop`'s colours itself: seen through glass, no colour stays the same.
 */
export function tintedPixels(rgb: Uint8Array, tint: Rgb, palette: Rgb[], backdrop: Rgb[] = []): Uint8Array {
  const offsets = offsetsFrom(tint, palette);
  // Photos repeat colours: each is judged once (0 not yet, 1 no, 2 yes).
  const judged = new Uint8Array(1 << 24);
  const out = new Uint8Array(rgb.length / 3);
  for (let i = 0; i < out.length; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const key = (r << 16) | (g << 8) | b;
    if (!judged[key])
      judged[key] = !isColourOf(r, g, b, backdrop) && tintedAt(r - tint[0], g - tint[1], b - tint[2], offsets) ? 2 : 1;
    out[i] = judged[key] === 2 ? 1 : 0;
  }
  return out;
}

/** The step from the tint to each of `palette`'s colours (B − C), as `tintedAt` takes them. */
function offsetsFrom(tint: Rgb, palette: Rgb[]): Rgb[] {
  return palette.map((p) => [p[0] - tint[0], p[1] - tint[1], p[2] - tint[2]]);
}

/** Whether a colour is one of `colours` (within `BACKDROP_SAME`). */
function isColourOf(r: number, g: number, b: number, colours: Rgb[]): boolean {
  return colours.some((c) => (r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2 <= BACKDROP_SAME ** 2);
}

/**
 * The product (0/1) without the areas of the backdrop's own colours inside it, seen directly and
 * not through the glass (the hole a mug's handle encloses, filled with the product's holes): seen
 * through glass no colour stays the same. Areas smaller than `MIN_SEEN_PX` stay (anti-aliased edges).
 */
function withoutBackdropSeen(product: Uint8Array, rgb: Uint8Array, size: number, backdrop: Rgb[]): Uint8Array {
  const seen = new Uint8Array(product.length);
  for (let i = 0; i < product.length; i++)
    seen[i] = product[i] && isColourOf(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, backdrop) ? 1 : 0;
  const parts = connectedParts(seen, size);
  const minArea = MIN_SEEN_PX * (size / 1024) ** 2;
  const kept = new Uint8Array(product);
  let area = 0;
  let cleared = 0;
  for (let i = 0; i < kept.length; i++) {
    area += product[i]!;
    if (seen[i] && parts.areas[parts.labels[i]!]! >= minArea) {
      kept[i] = 0;
      cleared++;
    }
  }
  // Most of the product in the backdrop's colours: the product is one of them, not a hole.
  return cleared * 2 > area ? product : kept;
}

/**
 * Whether a pixel `d` away from the tint is tinted (step 2): 0 when not; Infinity when it is the
 * tint itself; else the largest t (B − C = t·d) of the backdrop colours whose lines it lies near.
 * Near the tint every line passes close, and the wrong ones read the glass too thin (a box at 0.85
 * read as below 0.5 where the nearest line was taken).
 */
function tintedAt(d0: number, d1: number, d2: number, offsets: Rgb[]): number {
  const length2 = d0 * d0 + d1 * d1 + d2 * d2;
  if (length2 <= SAME_COLOUR ** 2) return Infinity;
  const length = Math.sqrt(length2);
  let best = 0;
  for (const [e0, e1, e2] of offsets) {
    const t = (e0 * d0 + e1 * d1 + e2 * d2) / length2;
    if (t < T_MIN || t > T_MAX) continue;
    const p0 = e0 - t * d0;
    const p1 = e1 - t * d1;
    const p2 = e2 - t * d2;
    const off2 = p0 * p0 + p1 * p1 + p2 * p2;
    const tolerance = LINE_TOLERANCE + LINE_TOLERANCE_SHARE * t * length;
    if (off2 < tolerance * tolerance && t > best) best = t;
  }
  return best;
}

/**
 * The look of the product `whole` (0/1) found with `tint` (step 4): its pixels that are tinted, or
 * behind its edges (`behind`), take the tint at the opacity their colour tells; the rest of it
 * keeps its own colour (a label on the bottle).
 */
function glassOf(
  rgb: Uint8Array,
  size: number,
  tint: Rgb,
  palette: Rgb[],
  whole: Uint8Array,
  behind: Uint8Array,
): Glass {
  const offsets = offsetsFrom(tint, palette);
  const opacity = new Uint8Array(whole.length).fill(255);
  const glassy = new Uint8Array(whole.length);
  /** Glass pixels whose colour tells no opacity (behind the product's edges): they take the median. */
  const unread: number[] = [];
  const histogram = new Uint32Array(256);
  let counted = 0;
  for (let i = 0; i < whole.length; i++) {
    if (!whole[i]) continue;
    const t = tintedAt(rgb[i * 3]! - tint[0], rgb[i * 3 + 1]! - tint[1], rgb[i * 3 + 2]! - tint[2], offsets);
    // The tint itself covers what is behind it wholly: opaque (a matte product is its own tint).
    if (t === Infinity || (!t && !behind[i])) continue;
    glassy[i] = 1;
    if (!t) {
      unread.push(i);
      continue;
    }
    opacity[i] = Math.round(255 * (1 - 1 / t));
    histogram[opacity[i]!]!++;
    counted++;
  }
  let median = 255;
  for (let v = 0, seen = 0; v < 256 && counted; v++) {
    seen += histogram[v]!;
    if (seen * 2 >= counted) {
      median = v;
      break;
    }
  }
  for (const i of unread) opacity[i] = median;
  // The blended seams between two stripes seen through the glass match no line: glass too.
  const seamless = closeMask(glassy, size, seamRadius(size));
  for (let i = 0; i < whole.length; i++) if (!glassy[i] && seamless[i] && whole[i]) opacity[i] = median;
  return { tint, opacity: smoothGlass(opacity, size, seamRadius(size) * 2) };
}

/** The largest part of a 0/1 map with its holes (parts of the rest that do not reach the edge) filled. */
function largestPartFilled(on: Uint8Array, size: number): { part: Uint8Array; area: number } {
  const parts = connectedParts(on, size);
  let largest = -1;
  for (let p = 0; p < parts.areas.length; p++) if (largest < 0 || parts.areas[p]! > parts.areas[largest]!) largest = p;
  const off = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) off[i] = parts.labels[i] === largest ? 0 : 1;
  const rest = connectedParts(off, size);
  const outside = partsAtBorder(rest.labels, rest.areas.length, size);
  const part = new Uint8Array(on.length);
  let area = 0;
  for (let i = 0; i < on.length; i++) {
    if (!off[i] || !outside[rest.labels[i]!]) {
      part[i] = 1;
      area++;
    }
  }
  return { part, area };
}

/** Intersection over union of two 0/1 maps. */
function overlap(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++;
    if (a[i] || b[i]) either++;
  }
  return either ? both / either : 0;
}

/**
 * Whether a 0/1 map looks like a piece of the backdrop by how it meets the photo's edge: on more
 * than one side (a stripe runs across the photo; a product cut off by the frame meets one side),
 * or along more than `MAX_EDGE_SHARE` of the edge.
 */
function crossesPhoto(on: Uint8Array, size: number): boolean {
  const perSide = [0, 0, 0, 0];
  for (let k = 0; k < size; k++) {
    for (let d = 0; d < 2; d++) {
      perSide[0]! += on[d * size + k]!;
      perSide[1]! += on[(size - 1 - d) * size + k]!;
      perSide[2]! += on[k * size + d]!;
      perSide[3]! += on[k * size + size - 1 - d]!;
    }
  }
  const sides = perSide.filter((count) => count > 0).length;
  const total = perSide.reduce((sum, count) => sum + count, 0);
  return sides > 1 || total > MAX_EDGE_SHARE * 8 * size;
}

/**
 * The glass's opacity (below 255) averaged over the glass within `radius` px (a box, one axis at a
 * time): each stripe behind it gives its own estimate, and their steps would draw the stripes again.
 */
function smoothGlass(opacity: Uint8Array, size: number, radius: number): Uint8Array {
  let values = Float32Array.from(opacity);
  let counts = Float32Array.from(opacity, (o) => (o < 255 ? 1 : 0));
  for (let i = 0; i < values.length; i++) if (!counts[i]) values[i] = 0;
  for (const step of [1, size]) {
    const summed = new Float32Array(values.length);
    const counted = new Float32Array(values.length);
    for (let i = 0; i < values.length; i++) {
      if (opacity[i] === 255) continue;
      const x = i % size;
      const y = Math.floor(i / size);
      const at = step === 1 ? x : y;
      for (let k = Math.max(0, at - radius); k <= Math.min(size - 1, at + radius); k++) {
        const j = i + (k - at) * step;
        summed[i]! += values[j]!;
        counted[i]! += counts[j]!;
      }
    }
    values = summed;
    counts = counted;
  }
  const smooth = new Uint8Array(opacity);
  for (let i = 0; i < smooth.length; i++) if (opacity[i]! < 255) smooth[i] = Math.round(values[i]! / counts[i]!);
  return smooth;
}

/**
 * The mask (0..255, `size`²) replaced by the see-through product, with its look, when that is found
 * and the mask disagrees with it (see 3.); `regions` are the other passes' regions of one colour.
 */
export function seeThroughProduct(
  mask: Uint8Array,
  rgb: Uint8Array,
  size: number,
  regions: () => ColourRegions,
): ProductCut {
  const kept = { mask, glass: null };
  const tint = tintOf(rgb, size);
  if (!tint || tint.support < MIN_SUPPORT) return kept;
  const { palette, backdrop } = paletteOf(rgb, size, regions());
  const { inside } = insideOf(mask);
  // First every colour that can be a tint; when that takes in much of the backdrop too (a stripe
  // whose colour happens to lie between the tint and another stripe's), again without the colours
  // of the backdrop at the photo's edge.
  for (const excluded of [[], backdrop]) {
    const tinted = tintedPixels(rgb, tint.colour, palette, excluded);
    const found = convincingPart(tinted, inside, size);
    if (found === 'agrees') return kept;
    if (!found) continue;
    // Convinced: the product is drawn again with what lies behind its edges (see `Tint.behindEdges`).
    const behind = tint.behindEdges();
    for (let i = 0; i < tinted.length; i++) tinted[i]! |= behind[i]!;
    const whole = largestPartFilled(openMask(tinted, size, openRadius(size)), size).part;
    if (crossesPhoto(whole, size)) return kept;
    const filled = new Uint8Array(mask.length);
    for (let i = 0; i < filled.length; i++) filled[i] = whole[i] || found[i] ? 1 : 0;
    const out = withoutBackdropSeen(filled, rgb, size, backdrop);
    const glass = glassOf(rgb, size, tint.colour, palette, out, behind);
    for (let i = 0; i < out.length; i++) out[i] = out[i] ? 255 : 0;
    return { mask: out, glass };
  }
  return kept;
}

const openRadius = (size: number) => Math.max(1, Math.round((OPEN_RADIUS_PX * size) / 1024));
const seamRadius = (size: number) => Math.max(1, Math.round((SEAM_RADIUS_PX * size) / 1024));

/**
 * The product made of the tinted pixels when it is convincing (step 3), 'agrees' when the mask
 * already is that product, null when there is none.
 */
function convincingPart(tinted: Uint8Array, inside: Uint8Array, size: number): Uint8Array | 'agrees' | null {
  let tintedCount = 0;
  for (let i = 0; i < tinted.length; i++) tintedCount += tinted[i]!;
  // Cheap answers first: too little tinted for a product, or the mask is the tinted pixels already
  // (a matte product the model found).
  if (tintedCount < MIN_AREA_SHARE * size * size) return null;
  if (overlap(tinted, inside) >= AGREEING_IOU) return 'agrees';
  const { part, area } = largestPartFilled(openMask(tinted, size, openRadius(size)), size);
  if (area < MIN_AREA_SHARE * size * size || tintedCount > MAX_TINTED_PER_AREA * area || crossesPhoto(part, size))
    return null;
  return overlap(part, inside) >= AGREEING_IOU ? 'agrees' : part;
}
