/**
 * The image designer's built-in engine on this machine.
 *
 * 1. Cutout of a 1024×1024 photo with ISNet (onnxruntime-node in a worker thread): p50/p95 time
 *    over `runs` cutouts after one warm-up (model load), the process's peak RSS (worker included),
 *    and the main thread's event-loop delay p99 while cutting out (what other requests would wait).
 *    With the median time per stage (decode + resize, preprocess, inference, mask passes, PNG
 *    encode) and the machine's load average, since other jobs share this machine.
 * 2. Quality: mean IoU of the cutout's alpha with the true mask on generated product photos of
 *    several shapes and materials (glossy, white-on-white, glass-like, thin parts) on plain and
 *    busy backgrounds. The cut-out steps were tuned on these scenes (seed 0); then sets of as many
 *    photos with other backdrops, placements, sizes and pairings, each drawn by its own formula
 *    and seeds, are reported separately, each with what was chosen while looking at it: held-out
 *    (seeds 1000…; the second reading of unsure answers, faint-mask.ts), seeds 7000… (the growth
 *    pass, grow-by-colour.ts), 9000…, 13000… and 15000… (the see-through pass, see-through.ts),
 *    17000…, 23000…, 29000… and 31000… (the fill, faint-reading, stripe and speck changes), and
 *    seeds 37000…, which nothing was chosen on. Then twice as many photos of a second generator
 *    (varied-scenes.ts: other shapes, looks, soft shadows and backdrops): four pairings that
 *    changes were chosen on, and one (seeds 13000…) that nothing was chosen on.
 * 3. Compositing: the cut-out product on white and on a studio scene with its shadow, in two
 *    marketplace sizes (800×800, 1440×1440); then photo → cutout → scene at both sizes measured
 *    whole per photo, and what a batch of 100 one after another takes at that median; with a
 *    third argument, a batch of that many different photos run whole, one after another.
 *
 * Run: node --import tsx bench/addbg-cutout.ts [runs=8] [qualityCases=16] [batch=0]
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { findBackground } from '../apps/server/src/modules/addbg/backgrounds';
import { compositeProduct } from '../apps/server/src/modules/addbg/composite';
import { cutout } from '../apps/server/src/modules/addbg/cutout';
import { CutoutPool } from '../apps/server/src/modules/addbg/cutout-pool';
import {
  alphaIoU,
  syntheticProduct,
  type ProductMaterial,
  type ProductShape,
  type SceneBackground,
  type SyntheticCase,
} from '../apps/server/test/addbg/synthetic';
import {
  VARIED_BACKDROPS,
  VARIED_MATERIALS,
  VARIED_SHAPES,
  variedProduct,
  type VariedCase,
} from '../apps/server/test/addbg/varied-scenes';

const runs = Number(process.argv[2] ?? 8);
const qualityCases = Number(process.argv[3] ?? 16);
const batch = Number(process.argv[4] ?? 0);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (v: number) => `${Math.round(v)} ms`;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 25);

// CUTOUT_SIZE / CUTOUT_THREADS try another input size or thread count (addbg.cutout.input_size / threads).
const inputSize = Number(process.env.CUTOUT_SIZE ?? 1024);
const threads = Number(process.env.CUTOUT_THREADS ?? 2);
const pool = new CutoutPool({ size: inputSize, threads, idleMs: 0 });
const colors = ['#c0392b', '#2e86de', '#27ae60', '#8e44ad', '#e67e22', '#16a085'];
const shapes: ProductShape[] = ['bottle', 'box', 'mug', 'sneaker', 'lamp'];
const materials: ProductMaterial[] = ['matte', 'glossy', 'white', 'glass'];
const backgrounds: SceneBackground[] = ['plain', 'busy'];

// 1. Speed and memory.
const sample = await syntheticProduct({ shape: 'bottle', material: 'glossy', background: 'plain', color: '#c0392b' });
let t = performance.now();
await cutout(pool, sample.png);
const firstMs = performance.now() - t;
const times: number[] = [];
const stages: Record<string, number[]> = {};
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
for (let i = 0; i < runs; i++) {
  t = performance.now();
  const result = await cutout(pool, sample.png);
  times.push(performance.now() - t);
  for (const [stage, value] of Object.entries(result.stages ?? {})) (stages[stage] ??= []).push(value);
}
loop.disable();
times.sort((a, b) => a - b);
console.log(
  `cutout of a 1024×1024 photo (ISNet medium at ${inputSize}², ${threads} threads, worker thread), ${runs} runs after a warm-up of ${ms(firstMs)}:`,
);
const load = () =>
  `load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')}`;
console.log(`  p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}  peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
console.log(
  `  median per stage: ${['decode', 'preprocess', 'inference', 'postprocess', 'encode']
    .map(
      (stage) =>
        `${stage} ${ms(
          pct(
            (stages[stage] ?? [0]).sort((a, b) => a - b),
            50,
          ),
        )}`,
    )
    .join(', ')}; ${load()}`,
);
console.log(
  `  main-thread event-loop delay while cutting out: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);

// 2. Quality on generated photos: every shape, material and background in turn.
const tuned: SyntheticCase[] = [];
for (let i = 0; tuned.length < qualityCases; i++) {
  tuned.push({
    shape: shapes[i % shapes.length]!,
    material: materials[Math.floor(i / shapes.length) % materials.length]!,
    background: backgrounds[Math.floor(i / 2) % backgrounds.length]!,
    color: colors[i % colors.length]!,
  });
}
// Held out: other pairings, two busy backdrops in three, each its own seed.
const heldOut: SyntheticCase[] = [];
for (let i = 0; heldOut.length < qualityCases; i++) {
  const j = i + 3;
  heldOut.push({
    shape: shapes[j % shapes.length]!,
    material: materials[Math.floor(j / 3) % materials.length]!,
    background: backgrounds[i % 3 === 0 ? 0 : 1]!,
    color: colors[(j * 5) % colors.length]!,
    seed: 1000 + i,
  });
}
/**
 * A set drawn by a formula of the photo's index i: shape a·i + b, material c·i + ⌊i/d⌋ + e,
 * colour f·i + g (each modulo its list), on a plain backdrop where `plain(i)`, else a busy one.
 */
const drawn = (
  seed: number,
  [a, b]: [number, number],
  [c, d, e]: [number, number, number],
  [f, g]: [number, number],
  plain: (i: number) => boolean,
): SyntheticCase[] =>
  Array.from({ length: qualityCases }, (_, i) => ({
    shape: shapes[(a * i + b) % shapes.length]!,
    material: materials[(c * i + Math.floor(i / d) + e) % materials.length]!,
    background: backgrounds[plain(i) ? 0 : 1]!,
    color: colors[(f * i + g) % colors.length]!,
    seed: seed + i,
  }));
// A third formula (three busy backdrops in four): unseen until the growth pass, which looked at it.
const third = drawn(7000, [2, 0], [1, 4, 0], [5, 2], (i) => i % 4 === 0);
// A fourth (two busy backdrops in three), a fifth (one in two), a sixth (two in three).
const fourth = drawn(9000, [3, 1], [3, 5, 0], [7, 3], (i) => i % 3 === 1);
const fifth = drawn(13000, [4, 2], [1, 3, 0], [5, 1], (i) => i % 2 === 0);
const sixth = drawn(15000, [2, 1], [3, 6, 0], [5, 4], (i) => i % 3 === 2);
// A seventh (three busy backdrops in four): unseen until the fill, faint-reading and stripe
// changes of the tenth set, which looked at two of its photos.
const seventh = drawn(17000, [3, 2], [5, 4, 0], [7, 5], (i) => i % 4 === 3);
// Three more, looked at for the unopened fill, the confident part of a faint reading and stripes
// running across (23000…, 29000…), and for the confident speck against glass (31000…).
const eighth = drawn(23000, [4, 1], [7, 5, 0], [5, 3], (i) => i % 5 === 2);
const ninth = drawn(29000, [2, 3], [3, 2, 0], [7, 1], (i) => i % 3 === 0);
const tenth = drawn(31000, [3, 4], [5, 3, 1], [5, 5], (i) => i % 4 === 1);
// Unseen: an eleventh (two busy backdrops in three), seeds 37000…, nothing chosen on them.
const unseen = drawn(37000, [2, 4], [7, 4, 2], [7, 2], (i) => i % 3 === 2);
/** A labelled photo of either generator. */
interface Labelled {
  label: string;
  make: () => Promise<{ png: Buffer; truth: Uint8Array }>;
}
const fromSynthetic = (cases: SyntheticCase[]): Labelled[] =>
  cases.map((c) => ({ label: `${c.shape} ${c.material} ${c.background}`, make: () => syntheticProduct(c) }));
const fromVaried = (cases: VariedCase[]): Labelled[] =>
  cases.map((c) => ({ label: `${c.shape} ${c.material} ${c.backdrop}`, make: () => variedProduct(c) }));
// The second generator (varied-scenes.ts: other shapes, looks, shadows and backdrops). The passes
// that fill holes of foreign colour, take soft shadows as backdrop and drop stripes running off
// the photo were chosen looking at this pairing (seeds 100…). Seeds 3000…, paired otherwise, were
// unseen until the next round, whose changes were chosen reading every set's mean; 7000… and 11000…
// were looked at in that round; 13000… were not.
const variedLooked: VariedCase[] = Array.from({ length: 2 * qualityCases }, (_, i) => ({
  shape: VARIED_SHAPES[i % 8]!,
  material: VARIED_MATERIALS[(i * 3 + Math.floor(i / 8)) % 8]!,
  backdrop: VARIED_BACKDROPS[(i * 5 + Math.floor(i / 8) * 3) % 8]!,
  seed: 100 + i,
}));
/** As `drawn`, for the second generator, twice as many: shape, look and backdrop a·i + ⌊i/d⌋ + e. */
const variedDrawn = (
  seed: number,
  [a, b]: [number, number],
  [c, d, e]: [number, number, number],
  [f, g, h]: [number, number, number],
): VariedCase[] =>
  Array.from({ length: 2 * qualityCases }, (_, i) => ({
    shape: VARIED_SHAPES[(a * i + b) % 8]!,
    material: VARIED_MATERIALS[(c * i + Math.floor(i / d) + e) % 8]!,
    backdrop: VARIED_BACKDROPS[(f * i + Math.floor(i / g) + h) % 8]!,
    seed: seed + i,
  }));
const variedSecond = variedDrawn(3000, [3, 1], [5, 8, 2], [7, 4, 0]);
const variedThird = variedDrawn(7000, [5, 3], [3, 8, 5], [3, 8, 1]);
const variedFourth = variedDrawn(11000, [7, 2], [5, 8, 3], [3, 8, 6]);
const variedUnseen = variedDrawn(13000, [5, 6], [7, 8, 1], [5, 8, 4]);
for (const [name, cases] of [
  ['generated photos (the scenes the cut-out steps were tuned on)', fromSynthetic(tuned)],
  ['held-out generated photos (seeds 1000…; looked at for the unsure-answer reading)', fromSynthetic(heldOut)],
  ['generated photos of seeds 7000… (looked at for the growth and see-through passes)', fromSynthetic(third)],
  ['generated photos of seeds 9000… (looked at for the see-through pass)', fromSynthetic(fourth)],
  ['generated photos of seeds 13000… (looked at for the see-through pass)', fromSynthetic(fifth)],
  ['generated photos of seeds 15000… (looked at for the see-through pass)', fromSynthetic(sixth)],
  [
    'generated photos of seeds 17000… (looked at for the fill, faint-reading and stripe changes)',
    fromSynthetic(seventh),
  ],
  ['generated photos of seeds 23000… (looked at for the same)', fromSynthetic(eighth)],
  ['generated photos of seeds 29000… (looked at for the same)', fromSynthetic(ninth)],
  ['generated photos of seeds 31000… (looked at for the confident speck against glass)', fromSynthetic(tenth)],
  ['unseen generated photos (seeds 37000…; nothing chosen on them)', fromSynthetic(unseen)],
  [
    'photos of the second generator (seeds 100…; looked at for the hole, shadow and stripe passes)',
    fromVaried(variedLooked),
  ],
  ['photos of the second generator (seeds 3000…; its mean read while choosing)', fromVaried(variedSecond)],
  ['photos of the second generator (seeds 7000…; looked at)', fromVaried(variedThird)],
  ['photos of the second generator (seeds 11000…; looked at)', fromVaried(variedFourth)],
  [
    'unseen photos of the second generator (seeds 13000…, other pairings; nothing chosen on them)',
    fromVaried(variedUnseen),
  ],
] as const) {
  let sum = 0;
  const rows: string[] = [];
  for (const c of cases) {
    const { png, truth } = await c.make();
    const iou = await alphaIoU((await cutout(pool, png)).png, truth);
    sum += iou;
    rows.push(`  ${c.label.padEnd(30)} IoU ${iou.toFixed(3)}`);
  }
  console.log(`cutout quality on ${cases.length} ${name}: mean IoU ${(sum / cases.length).toFixed(3)}`);
  for (const row of rows) console.log(row);
}

// 3. Compositing: white and studio, two marketplace sizes each; then the whole path per photo.
const cut = (await cutout(pool, sample.png)).png;
const scene = findBackground('studio-white')!;
/** A marketplace square of `side` with the product in the lower middle, lit from the upper left. */
const onto = (product: Buffer, background: { color: string } | { scene: typeof scene }, side: number) =>
  compositeProduct(product, {
    width: side,
    height: side,
    background,
    scale: 0.7,
    x: 0.5,
    y: 0.55,
    shadow: true,
    lightAngle: 300,
  });
for (const [name, background] of [
  ['white', { color: '#ffffff' }],
  ['studio scene', { scene }],
] as const) {
  const compositeTimes: number[] = [];
  for (let i = 0; i < Math.max(3, runs); i++) {
    t = performance.now();
    for (const side of [800, 1440]) await onto(cut, background, side);
    compositeTimes.push(performance.now() - t);
  }
  compositeTimes.sort((a, b) => a - b);
  console.log(`composite on ${name} with shadow, 800² and 1440² (2 images): p50 ${ms(pct(compositeTimes, 50))}`);
}
/** Photo → cutout → the studio scene with shadow at both marketplace sizes. */
async function photoToScene(photo: Buffer) {
  const product = (await cutout(pool, photo)).png;
  for (const side of [800, 1440]) await onto(product, { scene }, side);
}
// Measured whole, one photo after another.
const photoTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  t = performance.now();
  await photoToScene(sample.png);
  photoTimes.push(performance.now() - t);
}
photoTimes.sort((a, b) => a - b);
const perPhoto = pct(photoTimes, 50);
console.log(
  `photo → cutout + studio scene with shadow at 800² and 1440²: p50 ${ms(perPhoto)} p95 ${ms(pct(photoTimes, 95))} per photo; a batch of 100 one after another ≈ ${((100 * perPhoto) / 60_000).toFixed(1)} min; ${load()}`,
);

// The batch: different photos (made first, not timed), each cut out and put on the scene at both sizes.
if (batch > 0) {
  const photos: Buffer[] = [];
  for (let i = 0; i < batch; i++) {
    const c = {
      shape: shapes[i % shapes.length]!,
      material: materials[i % materials.length]!,
      background: backgrounds[i % backgrounds.length]!,
      color: colors[i % colors.length]!,
      seed: 2000 + i,
    };
    photos.push((await syntheticProduct(c)).png);
  }
  t = performance.now();
  for (const photo of photos) await photoToScene(photo);
  const total = performance.now() - t;
  console.log(
    `batch of ${batch} photos → cutout + studio scene at 800² and 1440², one after another: ${(total / 60_000).toFixed(2)} min (${ms(total / batch)} per photo); peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB; ${load()}`,
  );
}

clearInterval(sampler);
await pool.close();
