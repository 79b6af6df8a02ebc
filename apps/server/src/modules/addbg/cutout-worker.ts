import { parentPort, workerData } from 'node:worker_threads';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { loadModelBytes } from './cutout-model';
import { productMask } from './mask-passes';
import type { ProductCut } from './see-through';

/**
 * The segmentation model in its own thread, so that the server keeps answering while it runs.
 * The session is created once and serves every request the pool sends (one at a time). The mask
 * passes over the photo (`mask-passes.ts`) run here too, off the server's main thread.
 */
export interface CutoutWorkerData {
  modelPath?: string;
  size: number;
  threads: number;
}
export interface CutoutRequest {
  id: number;
  /** RGB, `size`×`size`, row-major. */
  rgb: Uint8Array;
}
/** Milliseconds spent per stage of one request (the first includes loading the model). */
export interface CutoutStages {
  load: number;
  preprocess: number;
  inference: number;
  postprocess: number;
}
export type CutoutReply = ({ id: number; stages: CutoutStages } & ProductCut) | { id: number; error: string };

const { modelPath, size, threads } = workerData as CutoutWorkerData;
let session: Promise<InferenceSession> | undefined;

function getSession(): Promise<InferenceSession> {
  session ??= loadModelBytes(modelPath).then((bytes) =>
    // Without the arena and memory patterns the process peaks at about 0.6 GB instead of growing
    // to 2.3 GB over a few runs (measured with ISNet at 1024², bench/addbg-cutout.ts).
    InferenceSession.create(bytes, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      enableCpuMemArena: false,
      enableMemPattern: false,
      // Waiting threads sleep instead of spinning: on a shared 2-core machine spinning burnt 15–25%
      // more CPU per inference and was slower (median 11.9 s against 10.4 s at load 13).
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    }),
  );
  return session;
}

/** The input tensor's 12 MB (at 1024²), allocated once: requests run one at a time. */
const input = new Float32Array(3 * size * size);
/** RGB/255 − 0.5 as a table, so the loop below is three look-ups per pixel. */
const scaled = Float32Array.from({ length: 256 }, (_, v) => v / 255 - 0.5);

/** IS-Net's input: RGB/255 − 0.5 with a standard deviation of 1 (xuebinqin/DIS), planar. */
function toInput(rgb: Uint8Array): Float32Array {
  const plane = size * size;
  for (let i = 0, j = 0; i < plane; i++, j += 3) {
    input[i] = scaled[rgb[j]!]!;
    input[plane + i] = scaled[rgb[j + 1]!]!;
    input[2 * plane + i] = scaled[rgb[j + 2]!]!;
  }
  return input;
}

async function handle(request: CutoutRequest): Promise<CutoutReply> {
  const t0 = performance.now();
  const s = await getSession();
  const t1 = performance.now();
  const [inputName] = s.inputNames;
  const outputName = s.outputNames.includes('output') ? 'output' : s.outputNames[0]!;
  const feeds = { [inputName!]: new Tensor('float32', toInput(request.rgb), [1, 3, size, size]) };
  const t2 = performance.now();
  const result = await s.run(feeds, [outputName]);
  const t3 = performance.now();
  const output = result[outputName]!.data as Float32Array;
  const cut = productMask(output, request.rgb, size);
  const stages = { load: t1 - t0, preprocess: t2 - t1, inference: t3 - t2, postprocess: performance.now() - t3 };
  return { id: request.id, ...cut, stages };
}

parentPort?.on('message', (request: CutoutRequest) => {
  handle(request).then(
    (reply) =>
      parentPort?.postMessage(
        reply,
        'mask' in reply
          ? [reply.mask, reply.glass?.opacity].flatMap((layer) => (layer ? [layer.buffer as ArrayBuffer] : []))
          : [],
      ),
    (error: unknown) =>
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
