import type { AddbgOption, AddbgWorkCreated, AddbgWorksList, StoredFile } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerConfigSchema } from '../../src/services/llm';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { FakeOpenAi, scenePng } from './fake-engines';
import { addbgConfig, getJson, postJson, uploadImage, waitForWork } from './helpers';

const fake = new FakeOpenAi();
let t: TestApp;
let token: string;

beforeAll(async () => {
  await fake.start();
  fake.output = await scenePng('#008080', 1024, 1024);
  const base = addbgConfig({
    openai: { url: fake.url, api_key: 'sk-config', model: 'gpt-image-1', result_hosts: ['127.0.0.1'] },
    vision: { provider: 'vision', model: 'vl' },
  });
  t = await buildTestApp({
    config: (c) => {
      const config = base(c);
      return {
        ...config,
        image_proxy: { ...config.image_proxy, allow_loopback_for_tests: true },
        providers: {
          ...config.providers,
          endpoints: {
            ...config.providers.endpoints,
            vision: providerConfigSchema.parse({ baseUrl: `${fake.url}/v1` }),
          },
        },
      };
    },
  });
  token = await tokenFor(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await fake.close();
});

const remain = async () => (await getJson<AddbgWorksList>(t, token, '/api/addbg/works/list')).data.remain;
const upload = async (png: Buffer) => body<StoredFile>(await uploadImage(t, token, png)).data.file_id;

describe('OpenAI-compatible image API engine', () => {
  it('draws AI logos with /v1/images/generations (b64_json), with the model and key of the config', async () => {
    const models = (await getJson<{ list: AddbgOption[] }>(t, token, '/api/addbg/logo/modelList')).data.list;
    expect(models.find((m) => m.id === 'ai')).toMatchObject({ available: true, engine: 'openai' });
    fake.mode = 'b64';
    const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/logo/generate', {
      text: '山川',
      model_id: 'ai',
    });
    const done = await waitForWork(t, token, created.data.work_id);
    expect(done).toMatchObject({ status: 'done', images: [{ width: 1024, height: 1024 }] });
    const call = fake.received.findLast((r) => r.path === '/v1/images/generations')!;
    expect(call.headers.authorization).toBe('Bearer sk-config');
    expect(JSON.parse(call.body.toString())).toMatchObject({ model: 'gpt-image-1', size: '1024x1024' });
    // A drawn logo has no template to render as SVG.
    const svg = await api(t, token, { method: 'GET', url: `${done.images[0]!.url}&format=svg` });
    expect(svg.statusCode).toBe(400);
  });

  it('paints a scene around the product with /v1/images/edits (image and mask); a result URL comes through the guard', async () => {
    fake.mode = 'url';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="100" y="100" width="200" height="200" fill="#ff0000"/></svg>`;
    const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/product/generate', {
      file_id: await upload(await sharp(Buffer.from(svg)).png().toBuffer()),
      prompt: '大理石台面',
      size_id: 'square-800-white',
      shadow: false,
    });
    const done = await waitForWork(t, token, created.data.work_id);
    expect(done.status).toBe('done');
    expect(fake.lastEdit.get('prompt')).toContain('大理石台面');
    const mask = await sharp(fake.lastEdit.get('mask') as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Transparent (redrawn) in the corner, opaque over the product.
    const alpha = (x: number, y: number) => mask.data[(y * mask.info.width + x) * 4 + 3];
    expect(alpha(2, 2)).toBe(0);
    expect(alpha(512, 563)).toBe(255);
    expect(fake.lastEdit.get('image')).toBeInstanceOf(Buffer);
    const res = await api(t, token, { method: 'GET', url: done.images[0]!.url });
    const { data } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 128, 128]);
  });

  it.each(['wrong', 'fail', 'foreign-url'] as const)(
    'fails a style transfer and gives the usage back when the API answers %s',
    async (mode) => {
      fake.mode = mode;
      const before = await remain();
      const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/styleTransform/generate', {
        file_id: await upload(await scenePng('#3366cc', 300, 200)),
        model_id: 'oil',
      });
      expect(created.code).toBe(0);
      const failed = await waitForWork(t, token, created.data.work_id);
      expect(failed.status).toBe('failed');
      expect(await remain()).toBe(before);
    },
  );

  it('describes an image with the configured vision model', async () => {
    const fileId = await upload(await scenePng('#cc0000', 64, 64));
    const res = await postJson<{ text: string; engine: string }>(t, token, '/api/addbg/image/interrogate', {
      file_id: fileId,
    });
    expect(res.data).toEqual({ text: '一只红色的方形礼盒，放在白色背景上。', engine: 'vision' });
    const call = JSON.parse(fake.received.findLast((r) => r.path === '/v1/chat/completions')!.body.toString()) as {
      model: string;
      messages: Array<{ content: Array<{ type: string; image_url?: { url: string } }> }>;
    };
    expect(call.model).toBe('vl');
    expect(call.messages[0]!.content.find((p) => p.type === 'image_url')!.image_url!.url).toMatch(
      /^data:image\/jpeg;base64,/,
    );
  });
});
