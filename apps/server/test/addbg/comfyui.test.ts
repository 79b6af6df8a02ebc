import type { AddbgBackground, AddbgOption, AddbgWorkCreated, AddbgWorksList, StoredFile } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { FakeComfyEngine, scenePng } from './fake-engines';
import { addbgConfig, getJson, postJson, uploadImage, waitForWork } from './helpers';

const comfy = new FakeComfyEngine();
let t: TestApp;
let token: string;

beforeAll(async () => {
  await comfy.start();
  comfy.output = await scenePng('#008080');
  t = await buildTestApp({ config: addbgConfig({ comfyui: { url: comfy.url, poll_ms: 50 } }) });
  token = await tokenFor(t, 'admin');
});
afterAll(async () => {
  comfy.release();
  await t?.close();
  await comfy.close();
});

/** An already cut-out product (transparent around a red square), so no model has to run. */
async function cutProduct(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="100" y="100" width="200" height="200" fill="#ff0000"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return body<StoredFile>(await uploadImage(t, token, png)).data.file_id;
}

const remain = async () => (await getJson<AddbgWorksList>(t, token, '/api/addbg/works/list')).data.remain;
const processOf = (workId: string) =>
  getJson<{ status: string; progress: number }>(t, token, '/api/addbg/works/getGenerateImageProcess', {
    work_id: workId,
  });

describe('ComfyUI engine', () => {
  it('lists scenes, styles and AI logos on ComfyUI', async () => {
    const scenes = (await getJson<{ list: AddbgBackground[] }>(t, token, '/api/addbg/background/newList')).data.list;
    expect(scenes.find((b) => b.kind === 'prompt')).toMatchObject({ available: true, engine: 'comfyui' });
    const styles = (await getJson<{ list: AddbgOption[] }>(t, token, '/api/addbg/styleTransform/modelList')).data.list;
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.every((s) => s.available && s.engine === 'comfyui')).toBe(true);
    const logos = (await getJson<{ list: AddbgOption[] }>(t, token, '/api/addbg/logo/modelList')).data.list;
    expect(logos.find((m) => m.id === 'ai')).toMatchObject({ available: true, engine: 'comfyui' });
    // Portraits are trained and drawn on ComfyUI.
    const portraits = (await getJson<{ list: AddbgOption[] }>(t, token, '/api/addbg/facechain/styleTypeList')).data
      .list;
    expect(portraits.every((p) => p.available && p.engine === 'comfyui')).toBe(true);
  });

  it('queues the scene workflow, follows its progress over the WebSocket and puts the product on the result', async () => {
    comfy.mode = 'hold';
    const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/product/generate', {
      file_id: await cutProduct(),
      prompt: '木质桌面',
      size_id: 'square-800-white',
      shadow: false,
    });
    expect(created.code).toBe(0);
    // Half the progress arrived over the socket while the prompt is still held: only the socket tells it.
    for (;;) {
      const p = (await processOf(created.data.work_id)).data;
      expect(p.status).not.toBe('failed');
      if (p.status === 'running' && p.progress >= 70) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    comfy.release();
    const done = await waitForWork(t, token, created.data.work_id);
    expect(done.status).toBe('done');
    const sent = comfy.prompts.at(-1)!;
    expect(comfy.received.some((r) => r.path === '/view')).toBe(true);
    expect(sent.workflow['6']!.inputs.text).toContain('木质桌面');
    expect(sent.workflow['5']!.inputs).toMatchObject({ width: 800, height: 800 });
    expect(sent.workflow['4']!.inputs.ckpt_name).toBe('v1-5-pruned-emaonly.safetensors');
    expect(typeof sent.workflow['3']!.inputs.seed).toBe('number');
    const res = await api(t, token, { method: 'GET', url: done.images[0]!.url });
    const { data, info } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([800, 800]);
    const at = (x: number, y: number) => [...data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    expect(at(5, 5)).toEqual([0, 128, 128]);
    expect(at(400, 440)).toEqual([255, 0, 0]);
  });

  it('transfers a style by polling the history when the WebSocket is refused', async () => {
    comfy.mode = 'ok';
    comfy.sockets = false;
    try {
      const source = await scenePng('#3366cc', 300, 200);
      const fileId = body<StoredFile>(await uploadImage(t, token, source)).data.file_id;
      const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/styleTransform/generate', {
        file_id: fileId,
        model_id: 'watercolor',
      });
      expect(created.code).toBe(0);
      const done = await waitForWork(t, token, created.data.work_id);
      expect(done.status).toBe('done');
      expect(done.images[0]).toMatchObject({ width: 300, height: 200 });
      const sent = comfy.prompts.at(-1)!;
      expect(sent.workflow['10']!.inputs.image).toMatch(/^portal\/upload-\d+\.png$/);
      expect(sent.workflow['6']!.inputs.text).toContain('watercolor');
      expect(comfy.received.filter((r) => r.path === `/history/${sent.id}`).length).toBeGreaterThan(0);
    } finally {
      comfy.sockets = true;
    }
  });

  it.each(['fail', 'wrong'] as const)(
    'fails the work and gives the usage back when ComfyUI answers %s',
    async (mode) => {
      comfy.mode = mode;
      const before = await remain();
      const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/logo/generate', {
        text: '山川',
        model_id: 'ai',
        count: 2,
      });
      expect(created.code).toBe(0);
      const failed = await waitForWork(t, token, created.data.work_id);
      expect(failed.status).toBe('failed');
      expect(await remain()).toBe(before);
    },
  );
});
