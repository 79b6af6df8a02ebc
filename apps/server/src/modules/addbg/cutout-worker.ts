import { parentPort, workerData } from 'node:worker_threads';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { loadModelBytes } from './cutout-model';

/**
 * The segmentation model in its own thread, so that the server keeps answering while it runs.
 * The session is created once and serves every request the pool sends (one at a time).
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
export type CutoutReply = { id: number; mask: Uint8Array } | { id: number; error: string };

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
    }),
  );
  return session;
}

/** IS-Net's input: RGB/255 − 0.5 with a standard deviation of 1 (xuebinqin/DIS), planar. */
function toInput(rgb: Uint8Array): Float32Array {
  const plane = size * size;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = rgb[i * 3]! / 255 - 0.5;
    input[plane + i] = rgb[i * 3 + 1]! / 255 - 0.5;
    input[2 * plane + i] = rgb[i * 3 + 2]! / 255 - 0.5;
  }
  return input;
}

/** The mask stretched to 0..255 between its minimum and maximum, as DIS's inference does. */
function toMask(output: Float32Array): Uint8Array {
  let min = Infinity;
  let max = -Infinity;
  for (const v of output) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min || 1;
  const mask = new Uint8Array(output.length);
  for (let i = 0; i < output.length; i++) mask[i] = Math.round(((output[i]! - min) / range) * 255);
  return mask;
}

async function handle(request: CutoutRequest): Promise<CutoutReply> {
  const s = await getSession();
  const [inputName] = s.inputNames;
  const outputName = s.outputNames.includes('output') ? 'output' : s.outputNames[0]!;
  const feeds = { [inputName!]: new Tensor('float32', toInput(request.rgb), [1, 3, size, size]) };
  const result = await s.run(feeds, [outputName]);
  const output = result[outputName]!.data as Float32Array;
  return { id: request.id, mask: toMask(output) };
}

parentPort?.on('message', (request: CutoutRequest) => {
  handle(request).then(
    (reply) => parentPort?.postMessage(reply, 'mask' in reply ? [reply.mask.buffer as ArrayBuffer] : []),
    (error: unknown) =>
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
