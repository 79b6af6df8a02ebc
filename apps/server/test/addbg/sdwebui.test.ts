import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AddbgBackground, AddbgWorkCreated, AddbgWorksList, StoredFile } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { addbgConfig, getJson, postJson, uploadImage, waitForWork } from './helpers';

/**
 * A fake Stable Diffusion WebUI: img2img (inpainting around the product) and txt2img answer a teal
 * scene, a 500, or base64 of something that is not an image.
 */
let mode: 'ok' | 'fail' | 'wrong' = 'ok';
const prompts: string[] = [];
/** What img2img was last sent: the product as its starting image and the mask of what to paint. */
let lastInpaint: { init_images?: string[]; mask?: string } = {};
let fake: Server;
let t: TestApp;
let token: string;

beforeAll(async () => {
  const scene = (
    await sharp({ create: { width: 512, height: 512, channels: 3, background: '#008080' } })
      .png()
      .toBuffer()
  ).toString('base64');
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/sdapi/v1/txt2img' && req.url !== '/sdapi/v1/img2img') return res.writeHead(404).end();
      prompts.push((JSON.parse(raw) as { prompt: string }).prompt);
      if (req.url === '/sdapi/v1/img2img') lastInpaint = JSON.parse(raw) as typeof lastInpaint;
      if (mode === 'fail') return res.writeHead(500).end('boom');
      const image = mode === 'ok' ? scene : Buffer.from('<html>not an image</html>').toString('base64');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ images: [image] }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await buildTestApp({ config: addbgConfig({ sdwebui: { url } }) });
  token = await tokenFor(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  fake?.close();
});

/** An already cut-out product (transparent around a red square), so no model has to run. */
async function cutProduct(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="100" y="100" width="200" height="200" fill="#ff0000"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return body<StoredFile>(await uploadImage(t, token, png)).data.file_id;
}

const remain = async () => (await getJson<AddbgWorksList>(t, token, '/api/addbg/works/list')).data.remain;

describe('scenes from a prompt on Stable Diffusion WebUI', () => {
  it('lists the prompt scene as available and paints it around the product (img2img with a mask)', async () => {
    const list = (await getJson<{ list: AddbgBackground[] }>(t, token, '/api/addbg/background/newList')).data.list;
    expect(list.find((b) => b.kind === 'prompt')).toMatchObject({ available: true, engine: 'sdwebui' });
    mode = 'ok';
    const fileId = await cutProduct();
    const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/product/generate', {
      file_id: fileId,
      prompt: '海边的木桌',
      size_id: 'square-800-white',
      shadow: false,
    });
    expect(created.code).toBe(0);
    const done = await waitForWork(t, token, created.data.work_id);
    expect(done.status).toBe('done');
    expect(prompts.at(-1)).toContain('海边的木桌');
    // The mask paints the background (white in the corner) and keeps the product (black at its centre).
    const mask = await sharp(Buffer.from(lastInpaint.mask!, 'base64'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const maskAt = (x: number, y: number) => mask.data[y * mask.info.width + x]!;
    expect(maskAt(2, 2)).toBe(255);
    expect(maskAt(Math.round(mask.info.width / 2), Math.round(mask.info.height * 0.55))).toBe(0);
    expect(lastInpaint.init_images).toHaveLength(1);
    const res = await api(t, token, { method: 'GET', url: done.images[0]!.url });
    const { data, info } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([800, 800]);
    const at = (x: number, y: number) => [...data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    expect(at(5, 5)).toEqual([0, 128, 128]);
    expect(at(400, 440)).toEqual([255, 0, 0]);
  });

  it.each(['fail', 'wrong'] as const)(
    'fails the work and gives the usage back when the engine answers %s',
    async (m) => {
      mode = m;
      const fileId = await cutProduct();
      const before = await remain();
      const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/product/generate', {
        file_id: fileId,
        prompt: '雪山',
      });
      const failed = await waitForWork(t, token, created.data.work_id);
      expect(failed.status).toBe('failed');
      expect(await remain()).toBe(before);
    },
  );
});
