import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The bytes of the segmentation model. By default the ISNet "medium" weights that ship as data in
 * `@imgly/background-removal-data`: its resources.json lists the chunk files that, concatenated,
 * are the .onnx file. Only those data files are read; none of that package's JavaScript is
 * imported (its code is AGPL-3.0; the ISNet weights are declared MIT, see the README).
 */
export async function loadModelBytes(modelPath: string | undefined): Promise<Uint8Array> {
  if (modelPath) return readFile(modelPath);
  const require = createRequire(import.meta.url);
  const resources = require.resolve('@imgly/background-removal-data/dist/resources.json');
  const index = JSON.parse(await readFile(resources, 'utf8')) as Record<
    string,
    { chunks: { hash: string; offsets: [number, number] }[]; size: number }
  >;
  const medium = index['/models/medium'];
  if (!medium) throw new Error('ISNet medium weights not found in @imgly/background-removal-data');
  const bytes = new Uint8Array(medium.size);
  for (const chunk of medium.chunks) {
    if (!/^[0-9a-f]{64}$/.test(chunk.hash)) throw new Error('unexpected chunk name in resources.json');
    const part = await readFile(join(dirname(resources), chunk.hash));
    bytes.set(part, chunk.offsets[0]);
  }
  return bytes;
}
