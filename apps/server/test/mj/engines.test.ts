import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiImages } from '../../src/modules/mj/engines/comfyui-images';
import { SdWebUiImages } from '../../src/modules/mj/engines/sdwebui-images';
import { FakeComfy, FakeSd } from '../embedded/fake-tools';

/** The image chat's SD WebUI and ComfyUI engines against the embedded tools' fakes. */
let comfy: FakeComfy;
let sd: FakeSd;
beforeAll(async () => {
  comfy = await new FakeComfy().start();
  comfy.autoRun = true;
  sd = await new FakeSd().start();
});
afterAll(async () => {
  await comfy?.close();
  await sd?.close();
});

const options = { steps: 20, variationStrength: 0.6, checkpoint: 'base.safetensors', pollMs: 20 };
const progress: number[] = [];
const request = (source?: Buffer) => ({
  prompt: '灯塔',
  count: 1,
  size: 512,
  source,
  signal: AbortSignal.timeout(30_000),
  onProgress: async (f: number) => void progress.push(f),
});

describe('the ComfyUI engine of the image chat', () => {
  it('queues the workflow, waits for its history and fetches the saved images', async () => {
    const engine = new ComfyUiImages({ engine: 'comfyui', url: comfy.url }, options);
    const [image] = await engine.draw(request());
    const queued = comfy.seen.find((s) => s.url === '/prompt');
    const workflow = (
      JSON.parse(queued!.body) as { prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }> }
    ).prompt;
    expect(workflow['4']!.inputs.ckpt_name).toBe('base.safetensors');
    expect(workflow['6']!.inputs.text).toBe('灯塔');
    expect(workflow['5']).toMatchObject({ class_type: 'EmptyLatentImage', inputs: { width: 512, batch_size: 1 } });
    expect(comfy.seen.some((s) => s.url.startsWith('/history/'))).toBe(true);
    expect(image!.toString()).toMatch(/^PNG:out-.+\.png$/);
    expect(progress.at(-1)).toBe(1);
  });

  it('varies an uploaded image', async () => {
    const engine = new ComfyUiImages({ engine: 'comfyui', url: comfy.url }, options);
    await engine.draw(request(Buffer.from('source image')));
    expect(comfy.seen.some((s) => s.url === '/upload/image' && s.body.includes('source image'))).toBe(true);
    const queued = comfy.seen.filter((s) => s.url === '/prompt').at(-1);
    const workflow = (
      JSON.parse(queued!.body) as { prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }> }
    ).prompt;
    expect(workflow['10']!.inputs.image).toMatch(/^upload-\d+\.png$/);
    expect(workflow['3']!.inputs.denoise).toBe(0.6);
  });
});

describe('the SD WebUI engine of the image chat', () => {
  it('draws with txt2img and varies with img2img from the image', async () => {
    const engine = new SdWebUiImages({ engine: 'sdwebui', url: sd.url }, { steps: 20, variationStrength: 0.5 });
    const [drawn] = await engine.draw(request());
    expect(drawn!.toString()).toBe('img');
    const txt = sd.seen.find((s) => s.url === '/sdapi/v1/txt2img');
    expect(JSON.parse(txt!.body)).toMatchObject({ prompt: '灯塔', width: 512, height: 512, batch_size: 1, steps: 20 });

    await engine.draw(request(Buffer.from('source image')));
    const img = sd.seen.find((s) => s.url === '/sdapi/v1/img2img');
    expect(JSON.parse(img!.body)).toMatchObject({
      init_images: [Buffer.from('source image').toString('base64')],
      denoising_strength: 0.5,
    });
  });
});
