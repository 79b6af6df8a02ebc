import {
  ErrorCode,
  addbgMessages,
  type AddbgWorkCreated,
  type AddbgWorksList,
  type FacechainCanCreate,
  type FacechainPhotoSet,
  type FacechainPhotoSetDetail,
  type FacechainTrainProcess,
  type StoredFile,
} from '@portal/contract';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema';
import { addbgConfigSchema } from '../../src/modules/addbg/config';
import { canCreate } from '../../src/modules/addbg/facechain-catalog';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { FakeComfyEngine, scenePng } from './fake-engines';
import { addbgConfig, getJson, postJson, uploadImage, waitForWork } from './helpers';

const comfy = new FakeComfyEngine();
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  await comfy.start();
  comfy.output = await scenePng('#c08060', 512, 680);
  t = await buildTestApp({ config: addbgConfig({ usage_total: 20, comfyui: { url: comfy.url, poll_ms: 50 } }) });
  admin = await tokenFor(t, 'admin');
  staff = await tokenFor(t, 'staff');
});
afterAll(async () => {
  comfy.release();
  await t?.close();
  await comfy.close();
});

type PhotoFormat = 'png' | 'jpeg' | 'webp' | 'gif';
/** A small photo of the given format, uploaded through the module's upload (checked by content). */
async function upload(token: string, format: PhotoFormat = 'png', color = '#d0a080'): Promise<string> {
  const data = await sharp({ create: { width: 320, height: 400, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
  const res = await uploadImage(t, token, data, `face.${format}`);
  expect(res.statusCode).toBe(200);
  return body<StoredFile>(res).data.file_id;
}
const photos = async (token: string, n = 3) =>
  Promise.all(Array.from({ length: n }, (_, i) => upload(token, (['png', 'jpeg', 'webp'] as const)[i % 3])));

const addSet = (token: string, payload: Record<string, unknown>) =>
  postJson<FacechainPhotoSet>(t, token, '/api/addbg/facechain/addPhotos', { name: '我的照片', ...payload });
const processOf = (token: string, id: string) =>
  getJson<FacechainTrainProcess>(t, token, '/api/addbg/facechain/trainPhotosProcess', { photos_id: id });
const remain = async (token: string) => (await getJson<AddbgWorksList>(t, token, '/api/addbg/works/list')).data.remain;

/** Polls the training until it ends (generous: the machine may be busy). */
async function trained(token: string, id: string): Promise<FacechainTrainProcess> {
  const until = Date.now() + 60_000;
  for (;;) {
    const p = (await processOf(token, id)).data;
    if (p.status === 'done' || p.status === 'failed') return p;
    if (Date.now() > until) throw new Error(`training still ${p.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A set of the user's, trained on the fake ComfyUI. */
async function trainedSet(token: string): Promise<string> {
  comfy.mode = 'ok';
  const set = await addSet(token, { file_ids: await photos(token), consent: true });
  expect(set.code).toBe(0);
  await postJson(t, token, '/api/addbg/facechain/trainPhotos', { photos_id: set.data.photos_id });
  expect((await trained(token, set.data.photos_id)).status).toBe('done');
  return set.data.photos_id;
}

describe('portrait photo sets', () => {
  it('refuses face photos without an explicit consent, of a type other than JPEG/PNG/WebP, or too few', async () => {
    const files = await photos(admin);
    for (const consent of [undefined, false]) {
      const refused = await addSet(admin, { file_ids: files, consent });
      expect(refused.code).toBe(ErrorCode.validation);
      expect(refused.message).toBe(addbgMessages.facechainConsent);
    }
    // A GIF passes the module's upload (an image) but is not a face photo the set accepts.
    const gif = await addSet(admin, { file_ids: [...files.slice(0, 2), await upload(admin, 'gif')], consent: true });
    expect(gif.code).toBe(ErrorCode.validation);
    expect(gif.message).toBe(addbgMessages.facechainPhotoType);
    const few = await addSet(admin, { file_ids: files.slice(0, 2), consent: true });
    expect(few.code).toBe(ErrorCode.validation);
    expect(few.message).toContain('至少');
    expect(
      (await getJson<{ list: FacechainPhotoSet[] }>(t, admin, '/api/addbg/facechain/photosList')).data.list,
    ).toEqual([]);
  });

  it('trains on ComfyUI with progress, then draws portraits in a style as works charged per image', async () => {
    const can = await getJson<FacechainCanCreate>(t, admin, '/api/addbg/facechain/projectCanCreate');
    expect(can.data).toEqual({ can_create: true, reason: null, engines: ['comfyui'] });
    const styles = (
      await getJson<{ list: { id: string; available: boolean }[] }>(t, admin, '/api/addbg/facechain/styleTypeList')
    ).data.list;
    expect(styles.map((s) => s.id)).toContain('idphoto');
    expect(styles.every((s) => s.available)).toBe(true);

    const set = await addSet(admin, { file_ids: await photos(admin), consent: true });
    expect(set.data).toMatchObject({ status: 'untrained', photo_count: 3 });
    const id = set.data.photos_id;
    comfy.mode = 'hold';
    const started = await postJson<FacechainTrainProcess>(t, admin, '/api/addbg/facechain/trainPhotos', {
      photos_id: id,
    });
    expect(started.data.status).toBe('queued');
    // Half the engine's progress arrived while the prompt is held.
    for (;;) {
      const p = (await processOf(admin, id)).data;
      expect(p.status).not.toBe('failed');
      if (p.status === 'running' && p.progress >= 40) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    comfy.mode = 'ok';
    comfy.release();
    expect(await trained(admin, id)).toMatchObject({ status: 'done', progress: 100 });
    // The photos went into the set's own input folder as images, and SaveLoRA got the set's prefix.
    const sent = comfy.uploads.filter((u) => u.subfolder === `portal-facechain-${id}`);
    expect(sent.map((u) => u.name).sort()).toEqual(['photo-1.png', 'photo-2.png', 'photo-3.png']);
    expect((await sharp(sent[0]!.data).metadata()).format).toBe('png');
    const training = comfy.prompts.at(-1)!.workflow;
    expect(training['2']!.inputs.folder).toBe(`portal-facechain-${id}`);
    expect(training['6']!.inputs.prefix).toBe(`loras/portal-facechain/${id}`);

    const before = await remain(admin);
    const created = await postJson<AddbgWorkCreated>(t, admin, '/api/addbg/facechain/generate', {
      photos_id: id,
      style_id: 'idphoto',
      count: 2,
    });
    expect(created.code).toBe(0);
    expect(await remain(admin)).toBe(before - 2);
    const done = await waitForWork(t, admin, created.data.work_id);
    expect(done.status).toBe('done');
    expect(done.images).toHaveLength(2);
    const drawn = comfy.prompts.at(-1)!.workflow;
    expect(drawn['2']!.inputs.lora_name).toBe(`portal-facechain/${id}_00001_.safetensors`);
    expect(drawn['6']!.inputs.text).toContain('ID photo');
    const image = await api(t, admin, { method: 'GET', url: done.images[0]!.url });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(512);
    const works = (await getJson<AddbgWorksList>(t, admin, '/api/addbg/works/list', { kind: 'portrait' })).data.list;
    expect(works.map((w) => w.work_id)).toContain(created.data.work_id);
  });

  it.each(['fail', 'wrong'] as const)('gives the usage back when ComfyUI answers %s to a portrait', async (mode) => {
    const id = await trainedSet(admin);
    comfy.mode = mode;
    const before = await remain(admin);
    const created = await postJson<AddbgWorkCreated>(t, admin, '/api/addbg/facechain/generate', {
      photos_id: id,
      style_id: 'business',
      count: 2,
    });
    expect((await waitForWork(t, admin, created.data.work_id)).status).toBe('failed');
    expect(await remain(admin)).toBe(before);
  });

  it('fails a training the engine fails or whose model the engine cannot load, and it can be trained again', async () => {
    const set = await addSet(admin, { file_ids: await photos(admin), consent: true });
    const id = set.data.photos_id;
    comfy.mode = 'fail';
    await postJson(t, admin, '/api/addbg/facechain/trainPhotos', { photos_id: id });
    expect(await trained(admin, id)).toMatchObject({ status: 'failed', message: addbgMessages.facechainTrainFailed });
    const refused = await postJson(t, admin, '/api/addbg/facechain/generate', { photos_id: id, style_id: 'idphoto' });
    expect(refused.message).toBe(addbgMessages.facechainNotTrained);
    comfy.mode = 'nolora';
    await postJson(t, admin, '/api/addbg/facechain/trainPhotos', { photos_id: id });
    const missing = await trained(admin, id);
    expect(missing.status).toBe('failed');
    expect(missing.message).toContain('LoRA');
  });

  it("answers another user's photo sets and portraits exactly like unknown ids", async () => {
    const id = await trainedSet(admin);
    comfy.mode = 'ok';
    const work = await postJson<AddbgWorkCreated>(t, admin, '/api/addbg/facechain/generate', {
      photos_id: id,
      style_id: 'portrait',
    });
    const done = await waitForWork(t, admin, work.data.work_id);
    const detail = (
      await getJson<FacechainPhotoSetDetail>(t, admin, '/api/addbg/facechain/photosDetail', { photos_id: id })
    ).data;
    const calls: [string, (id: string) => Promise<unknown>][] = [
      ['detail', (x) => getJson(t, staff, '/api/addbg/facechain/photosDetail', { photos_id: x })],
      ['process', (x) => getJson(t, staff, '/api/addbg/facechain/trainPhotosProcess', { photos_id: x })],
      ['edit', (x) => postJson(t, staff, '/api/addbg/facechain/editPhotos', { photos_id: x, name: 'x' })],
      ['train', (x) => postJson(t, staff, '/api/addbg/facechain/trainPhotos', { photos_id: x })],
      ['generate', (x) => postJson(t, staff, '/api/addbg/facechain/generate', { photos_id: x, style_id: 'idphoto' })],
      ['delete', (x) => postJson(t, staff, '/api/addbg/facechain/deletePhotos', { photos_id: x })],
    ];
    for (const [name, call] of calls) expect(await call(id), name).toEqual(await call('f'.repeat(32)));
    const photo = await api(t, staff, { method: 'GET', url: detail.photos[0]!.url });
    const portrait = await api(t, staff, { method: 'GET', url: done.images[0]!.url });
    expect([photo.statusCode, portrait.statusCode]).toEqual([404, 404]);
    expect((await getJson<{ list: unknown[] }>(t, staff, '/api/addbg/facechain/photosList')).data.list).toEqual([]);
    // Still the owner's after all that.
    expect((await processOf(admin, id)).data.status).toBe('done');
  });

  it('deletes a set with its photos, its portraits and their files, and asks the engine to forget', async () => {
    const id = await trainedSet(admin);
    const work = await postJson<AddbgWorkCreated>(t, admin, '/api/addbg/facechain/generate', {
      photos_id: id,
      style_id: 'outdoor',
    });
    const done = await waitForWork(t, admin, work.data.work_id);
    const detail = (
      await getJson<FacechainPhotoSetDetail>(t, admin, '/api/addbg/facechain/photosDetail', { photos_id: id })
    ).data;
    const trainingPrompt = comfy.prompts.find(
      (p) => p.workflow['6']?.inputs.prefix === `loras/portal-facechain/${id}`,
    )!;
    const deleted = await postJson(t, admin, '/api/addbg/facechain/deletePhotos', { photos_id: id });
    expect(deleted.code).toBe(0);
    for (const url of [...detail.photos.map((p) => p.url), done.images[0]!.url]) {
      expect((await api(t, admin, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    const stored = await t.app.db
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          detail.photos.map((p) => p.file_id),
        ),
      );
    expect(stored).toEqual([]);
    expect((await processOf(admin, id)).code).toBe(ErrorCode.notFound);
    const works = (await getJson<AddbgWorksList>(t, admin, '/api/addbg/works/list', { kind: 'portrait' })).data.list;
    expect(works.map((w) => w.work_id)).not.toContain(work.data.work_id);
    expect(comfy.deleted).toContain(trainingPrompt.id);
  });
});

describe('portraits without a GPU engine', () => {
  it('says why portraits cannot be made and accepts no face photo', async () => {
    const bare = await buildTestApp({ config: addbgConfig() });
    try {
      const token = await tokenFor(bare, 'admin');
      const can = await getJson<FacechainCanCreate>(bare, token, '/api/addbg/facechain/projectCanCreate');
      expect(can.data).toMatchObject({ can_create: false, reason: addbgMessages.facechainNeedsGpu });
      const styles = (
        await getJson<{ list: { available: boolean }[] }>(bare, token, '/api/addbg/facechain/styleTypeList')
      ).data.list;
      expect(styles.every((s) => !s.available)).toBe(true);
      const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(body<StoredFile>(await uploadImage(bare, token, data)).data.file_id);
      const refused = await postJson(bare, token, '/api/addbg/facechain/addPhotos', {
        name: 'x',
        file_ids: ids,
        consent: true,
      });
      expect(refused.message).toBe(addbgMessages.facechainNeedsGpu);
    } finally {
      await bare.close();
    }
    // With only SD WebUI the answer says that training needs ComfyUI.
    const sdOnly = canCreate(addbgConfigSchema.parse({ sdwebui: { url: 'http://127.0.0.1:7860' } }));
    expect(sdOnly).toMatchObject({ can_create: false, reason: addbgMessages.facechainSdwebuiOnly });
  });
});
