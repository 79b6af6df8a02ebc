import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_ICON_UPLOAD_PATH, type StoredFile } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { htmlPage, multipart, pngOfSize, smallPng, type MultipartFile } from './fixtures';

let t: TestApp;
let dir: string;
let admin: string;
let staff: string;

const upload = (token: string, file: MultipartFile, url = APP_ICON_UPLOAD_PATH) => {
  const { payload, headers } = multipart(file);
  return api(t, token, { method: 'POST', url, payload, headers });
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-icons-'));
  t = await buildTestApp({ config: (c) => ({ ...c, storage: { ...c.storage, kind: 'disk', dir } }) });
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
  staff = (await issueTokensFor(t, 'staff')).access_token.token;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('app icon upload', () => {
  it('stores a checked image and serves it to an <img> without the access token', async () => {
    const png = smallPng(64, 64);
    const res = await upload(admin, { filename: 'logo.png', contentType: 'image/png', data: png });
    expect(res.statusCode).toBe(200);
    const file = body<StoredFile>(res).data;
    expect(file).toMatchObject({ mime: 'image/png', width: 64, height: 64, module: 'app-icon' });
    expect(file.url).toBe(`/api/app/icon?id=${file.file_id}`);

    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(png)).toBe(true);

    const audit = body<{ list: Array<{ action: string; target: string }> }>(
      await api(t, admin, { method: 'GET', url: '/api/admin/audit', query: { action: 'admin.app.icon-upload' } }),
    ).data.list;
    expect(audit[0]?.target).toBe(`file:${file.file_id}`);
  });

  it('refuses what is not an image by its content, and images over the icon limits', async () => {
    const disguised = await upload(admin, { filename: 'logo.png', contentType: 'image/png', data: htmlPage() });
    expect(disguised.statusCode).toBe(415);
    expect(body(disguised).code).toBe(4015);
    const wide = await upload(admin, { filename: 'wide.png', data: smallPng(2000, 10) });
    expect(body(wide)).toMatchObject({ code: 4001, message: '图片宽度不能超过1024px' });
    const heavy = await upload(admin, { filename: 'big.png', data: pngOfSize(1_200_000, 10, 10) });
    expect(heavy.statusCode).toBe(413);
    expect(body(heavy).message).toBe('图片大小不能超过1MB');
  });

  it('is for administrators only', async () => {
    const res = await upload(staff, { filename: 'logo.png', data: smallPng() });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(4003);
  });

  it('serves only icons: another upload or an unknown id answers like nothing is there', async () => {
    const own = body<StoredFile>(
      await upload(staff, { filename: 'mine.png', data: smallPng() }, '/api/file/upload'),
    ).data;
    const other = await t.app.inject({ method: 'GET', url: `/api/app/icon?id=${own.file_id}` });
    expect(other.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/app/icon?id=${'0'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/app/icon?id=../x' });
    expect(bad.statusCode).toBe(400);
  });
});
