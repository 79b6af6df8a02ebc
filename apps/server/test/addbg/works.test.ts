import {
  ErrorCode,
  type AddbgBackground,
  type AddbgProject,
  type AddbgSize,
  type AddbgWorkCreated,
  type AddbgWorksList,
  type StoredFile,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addbgWorks, files, jobs as jobsTable } from '../../src/db/schema';
import { DEAD_WORKER_ERROR } from '../../src/services/jobs';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { htmlPage } from '../files/fixtures';
import { addbgConfig, getJson, postJson, uploadImage, waitForWork } from './helpers';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp({ config: addbgConfig({ usage_total: 10 }) });
  admin = await tokenFor(t, 'admin');
  staff = await tokenFor(t, 'staff');
});
afterAll(async () => {
  await t?.close();
});

const logo = (token: string, payload: Record<string, unknown> = {}) =>
  postJson<AddbgWorkCreated>(t, token, '/api/addbg/logo/generate', { text: 'ACME', ...payload });
const usageOf = async (token: string) => (await getJson<AddbgWorksList>(t, token, '/api/addbg/works/list')).data;

describe('addbg uploads', () => {
  it('checks a source image by its content, not its name or declared type', async () => {
    const lie = await uploadImage(t, admin, htmlPage(), 'photo.png');
    expect(lie.statusCode).toBe(415);
    expect(body(lie)).toMatchObject({ code: ErrorCode.unsupportedMediaType, message: '不支持的文件类型' });
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const ok = await uploadImage(t, admin, png);
    expect(body<StoredFile>(ok).data).toMatchObject({ mime: 'image/png', width: 30, height: 20, module: 'addbg' });
  });
});

describe('addbg endpoints', () => {
  it('are in the OpenAPI document, with the shapes of the contract', async () => {
    const res = await api(t, admin, { method: 'GET', url: '/api/admin/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    for (const path of [
      '/api/addbg/works/cutoutImage',
      '/api/addbg/product/generate',
      '/api/addbg/works/getGenerateImageProcess',
      '/api/addbg/file/upload',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('addbg lists', () => {
  it('answers every list, marketplace sizes included, and names the engine a feature needs', async () => {
    const sizes = (await getJson<{ list: AddbgSize[] }>(t, admin, '/api/addbg/image/sizeList')).data.list;
    expect(sizes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ width: 800, height: 800, background: '#ffffff' }),
        expect.objectContaining({ width: 1440, height: 1440, background: '#ffffff' }),
      ]),
    );
    const backgrounds = (await getJson<{ list: AddbgBackground[] }>(t, admin, '/api/addbg/background/newList')).data
      .list;
    expect(backgrounds.filter((b) => b.kind === 'studio').length).toBeGreaterThanOrEqual(3);
    expect(backgrounds.find((b) => b.kind === 'prompt')).toMatchObject({ available: false });
    expect(backgrounds.find((b) => b.kind === 'prompt')?.reason).toContain('Stable Diffusion WebUI');
    for (const path of [
      'light/list',
      'background/styleList',
      'product/list',
      'logo/modelList',
      'logo/styleList',
      'styleTransform/modelList',
    ]) {
      const res = await getJson<{ list: { id: string; name: string }[] }>(t, admin, `/api/addbg/${path}`);
      expect(res.code, path).toBe(0);
      expect(res.data.list.length, path).toBeGreaterThan(0);
    }
    const can = await getJson<{ can_create: boolean; reason: string }>(
      t,
      admin,
      '/api/addbg/facechain/projectCanCreate',
    );
    expect(can.data).toMatchObject({ can_create: false });
    expect(can.data.reason).toContain('GPU');
  });

  it('refuses a prompt scene without an AI engine before spending anything', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const file = body<StoredFile>(await uploadImage(t, admin, png)).data;
    const before = (await usageOf(admin)).remain;
    const res = await postJson(t, admin, '/api/addbg/product/generate', {
      file_id: file.file_id,
      prompt: '海边的木桌',
    });
    expect(res).toMatchObject({ status: 400, code: ErrorCode.validation });
    expect(res.message).toContain('需要');
    expect((await usageOf(admin)).remain).toBe(before);
  });
});

describe('addbg works', () => {
  it('makes logos as a job; images download as PNG, JPG and SVG with the owner token only', async () => {
    const created = await logo(admin, { count: 2, style_id: 'circle-badge', color: '#cc3300' });
    expect(created.code).toBe(0);
    const done = await waitForWork(t, admin, created.data.work_id);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.images).toHaveLength(2);
    const image = done.images[0]!;
    const png = await api(t, admin, { method: 'GET', url: image.url });
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: image.width, hasAlpha: true });
    const jpg = await api(t, admin, { method: 'GET', url: `${image.url}&format=jpg` });
    expect((await sharp(jpg.rawPayload).metadata()).format).toBe('jpeg');
    const svg = await api(t, admin, { method: 'GET', url: `${image.url}&format=svg` });
    expect(svg.body).toContain('<svg');
    // Without a token, with another user's: refused, and the other user's answer is an unknown id's.
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(401);
    const foreign = await api(t, staff, { method: 'GET', url: image.url });
    const unknown = await api(t, staff, { method: 'GET', url: '/api/addbg/works/image?image_id=' + '0'.repeat(32) });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign)).toEqual(body(unknown));
  });

  it("answers another user's works, images and projects exactly like unknown ids", async () => {
    const created = await logo(admin);
    const done = await waitForWork(t, admin, created.data.work_id);
    const project = (await postJson<AddbgProject>(t, admin, '/api/addbg/project/create', { name: '新品' })).data;
    const unknownId = 'f'.repeat(32);
    const pairs: [string, (id: string) => Promise<unknown>][] = [
      ['process', (id) => getJson(t, staff, '/api/addbg/works/getGenerateImageProcess', { work_id: id })],
      ['regenerate', (id) => postJson(t, staff, '/api/addbg/works/regenerate', { work_id: id })],
      ['favorite', (id) => postJson(t, staff, '/api/addbg/works/favorite', { image_id: id })],
      ['project', (id) => getJson(t, staff, '/api/addbg/project/detail', { project_id: id })],
      ['edit', (id) => postJson(t, staff, '/api/addbg/project/edit', { project_id: id, name: 'x' })],
      ['delete', (id) => postJson(t, staff, '/api/addbg/project/delete', { project_id: id })],
      ['list', (id) => getJson(t, staff, '/api/addbg/works/list', { project_id: id })],
    ];
    const ids: Record<string, string> = {
      process: created.data.work_id,
      regenerate: created.data.work_id,
      favorite: done.images[0]!.image_id,
      project: project.project_id,
      edit: project.project_id,
      delete: project.project_id,
      list: project.project_id,
    };
    for (const [name, call] of pairs) {
      const foreign = await call(ids[name]!);
      expect(foreign, name).toMatchObject({ code: ErrorCode.notFound });
      expect(foreign, name).toEqual(await call(unknownId));
    }
    // The owner still has all of it.
    expect((await getJson(t, admin, '/api/addbg/project/detail', { project_id: project.project_id })).code).toBe(0);
  });

  it('keeps favourites and projects per owner', async () => {
    const project = (await postJson<AddbgProject>(t, admin, '/api/addbg/project/create', { name: '春季上新' })).data;
    const created = await logo(admin, { project_id: project.project_id });
    const done = await waitForWork(t, admin, created.data.work_id);
    const imageId = done.images[0]!.image_id;
    expect((await postJson(t, admin, '/api/addbg/works/favorite', { image_id: imageId })).code).toBe(0);
    const favorites = await getJson<{ list: { image_id: string }[] }>(t, admin, '/api/addbg/works/favoriteList');
    expect(favorites.data.list.map((f) => f.image_id)).toContain(imageId);
    const detail = await getJson<{ project: AddbgProject; works: { work_id: string }[] }>(
      t,
      admin,
      '/api/addbg/project/detail',
      { project_id: project.project_id },
    );
    expect(detail.data.project.work_count).toBe(1);
    expect(detail.data.works.map((w) => w.work_id)).toEqual([created.data.work_id]);
    await postJson(t, admin, '/api/addbg/project/delete', { project_id: project.project_id });
    const after = await getJson<AddbgWorksList>(t, admin, '/api/addbg/works/list');
    expect(after.data.list.find((w) => w.work_id === created.data.work_id)?.project_id).toBeNull();
  });

  it('gives the usage back when a work fails', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const file = body<StoredFile>(await uploadImage(t, admin, png)).data;
    // The stored bytes disappear behind the row: the work is accepted, then cannot read its source.
    const [stored] = await t.app.db.select().from(files).where(eq(files.id, file.file_id));
    await t.app.services.files.service.store.delete(stored!.storageKey);
    const before = (await usageOf(admin)).remain;
    const created = await postJson<AddbgWorkCreated>(t, admin, '/api/addbg/works/cutoutImage', {
      file_id: file.file_id,
    });
    expect(created.code).toBe(0);
    const failed = await waitForWork(t, admin, created.data.work_id);
    expect(failed).toMatchObject({ status: 'failed', images: [] });
    expect(failed.message).toContain('退还');
    expect((await usageOf(admin)).remain).toBe(before);
  });
});

describe('addbg brush mask', () => {
  it('puts the product on the background with the mask corrected by the brush instead of a cutout', async () => {
    // An opaque photo: a red square on a green board; the brush kept only the square's left half.
    const photo = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#00ff00"/><rect x="50" y="50" width="100" height="100" fill="#ff0000"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const mask = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#000"/><rect x="25" y="25" width="25" height="50" fill="#fff"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const source = body<StoredFile>(await uploadImage(t, admin, photo)).data;
    const maskFile = body<StoredFile>(await uploadImage(t, admin, mask, 'mask.png')).data;
    const other = await postJson(t, staff, '/api/addbg/product/generate', {
      file_id: source.file_id,
      mask_file_id: maskFile.file_id,
    });
    expect(other.code).not.toBe(0);
    const created = await postJson<AddbgWorkCreated>(t, admin, '/api/addbg/product/generate', {
      file_id: source.file_id,
      mask_file_id: maskFile.file_id,
      color: '#0000ff',
      size_id: 'square-800-white',
      shadow: false,
      light_id: 'soft',
    });
    expect(created.code).toBe(0);
    const done = await waitForWork(t, admin, created.data.work_id);
    expect(done.status).toBe('done');
    const res = await api(t, admin, { method: 'GET', url: done.images[0]!.url });
    const { data, info } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // The kept half (50×100) is scaled to 70% of the height, centred at (0.5, 0.55): red there, blue around.
    expect(at(400, 440)).toEqual([255, 0, 0]);
    expect(at(5, 5)).toEqual([0, 0, 255]);
    expect(at(400 + 200, 440)).toEqual([0, 0, 255]);
  });
});

describe('addbg works whose job gave up', () => {
  it('fail and give the usage back when their job ended without them (every run died)', async () => {
    const { jobs } = t.app.services;
    await jobs.stop();
    try {
      const before = (await usageOf(admin)).remain;
      const created = await logo(admin);
      expect((await usageOf(admin)).remain).toBe(before - 1);
      const [work] = await t.app.db.select().from(addbgWorks).where(eq(addbgWorks.id, created.data.work_id));
      // What the queue records when the last attempt's process died too.
      await t.app.db
        .update(jobsTable)
        .set({ state: 'failed', lastError: DEAD_WORKER_ERROR })
        .where(eq(jobsTable.id, work!.jobId!));
      const process = await getJson<{ status: string; message: string }>(
        t,
        admin,
        '/api/addbg/works/getGenerateImageProcess',
        {
          work_id: created.data.work_id,
        },
      );
      expect(process.data).toMatchObject({ status: 'failed' });
      expect((await usageOf(admin)).remain).toBe(before);
    } finally {
      await jobs.start();
    }
  });
});

describe('addbg usage', () => {
  it('holds under 20 concurrent generations: exactly the usage left is spent', async () => {
    const start = await usageOf(staff);
    expect(start).toMatchObject({ total: 10, remain: 10 });
    expect(start.usage).toEqual({ total: 10, remain: 10, refresh_ts: start.refresh_ts });
    const results = await Promise.all(Array.from({ length: 20 }, () => logo(staff)));
    const accepted = results.filter((r) => r.code === 0);
    const refused = results.filter((r) => r.code === ErrorCode.quotaExhausted);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.message).toContain('生成次数已用完');
    const end = await usageOf(staff);
    expect(end.remain).toBe(0);
    expect(end.count).toBe(10);
  });
});
