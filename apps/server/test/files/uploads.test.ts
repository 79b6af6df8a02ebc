import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, type StoredFile, type UploadConfigResponse } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema';
import { moduleUploadRoutes } from '../../src/routes/api/file/upload-routes';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { htmlPage, multipart, pngOfSize, smallPdf, smallPng, type MultipartFile } from './fixtures';
import { S3_BUCKET, S3_KEY, S3_REGION, S3_SECRET, startS3, type S3Harness } from './s3-harness';
import { sendStreamedUpload } from './streamed-upload';

/** Files under a folder, recursively (temporary files included). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const moduleMounts: FastifyPluginAsync = async (app) => {
  // The session tools and marketing serve their own uploads; the shared routes go on a module without any.
  await app.register(moduleUploadRoutes({ module: 'red', rules: { kinds: ['pdf', 'image'] } }), {
    prefix: '/api/red',
  });
  await app.register(moduleUploadRoutes({ module: 'deepseek' }), { prefix: '/api/deepseek' });
};

describe.each(['disk', 's3'] as const)('uploads on %s storage', (kind) => {
  let t: TestApp;
  let dir = '';
  let s3: S3Harness | undefined;
  let admin = '';
  let staff = '';

  /** Everything storage holds: files on disk (temporary ones too), or objects in the bucket. */
  const stored = async (): Promise<string[]> => (s3 ? s3.keys() : filesUnder(dir));

  const upload = (token: string, file: MultipartFile, url = '/api/file/upload') => {
    const { payload, headers } = multipart(file);
    return api(t, token, { method: 'POST', url, payload, headers });
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-files-'));
    if (kind === 's3') {
      s3 = await startS3();
      process.env.TEST_S3_KEY = S3_KEY;
      process.env.TEST_S3_SECRET = S3_SECRET;
    }
    const endpoint = s3?.endpoint;
    const postEndpoint = s3?.postEndpoint;
    t = await buildTestApp({
      extraRoutes: [moduleMounts],
      config: (c) => ({
        ...c,
        storage: {
          ...c.storage,
          kind,
          dir,
          ...(endpoint && postEndpoint
            ? {
                s3: {
                  endpoint,
                  public_endpoint: postEndpoint,
                  region: S3_REGION,
                  bucket: S3_BUCKET,
                  access_key_id_env: 'TEST_S3_KEY',
                  secret_access_key_env: 'TEST_S3_SECRET',
                  force_path_style: true,
                  key_prefix: 'portal/',
                  direct_upload: true,
                  presign_ttl_seconds: 120,
                },
              }
            : {}),
        },
      }),
    });
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
    staff = (await issueTokensFor(t, 'staff')).access_token.token;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts 10,000,000 bytes and serves them back with safe headers', async () => {
    const data = pngOfSize(10_000_000, 640, 480);
    const res = await upload(staff, { filename: '报告 截图.png', contentType: 'image/png', data });
    expect(res.statusCode).toBe(200);
    const file = body<StoredFile>(res).data;
    expect(file).toMatchObject({ name: '报告 截图.png', mime: 'image/png', size: 10_000_000, width: 640, height: 480 });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);

    const download = await api(t, staff, { method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="__ __.png"; filename*=UTF-8''${encodeURIComponent('报告 截图.png')}`,
    );

    const [row] = await t.app.db.select().from(files).where(eq(files.id, file.file_id));
    expect(row?.storageKey).not.toContain('png');
    expect(await stored()).toHaveLength(1);
    await api(t, staff, { method: 'POST', url: '/api/file/delete', payload: { file_id: file.file_id } });
    expect(await stored()).toEqual([]);
  });

  it('refuses 10,000,001 bytes with 413 and stores nothing', async () => {
    const before = (await t.app.db.select().from(files)).length;
    const res = await upload(staff, { filename: 'big.png', contentType: 'image/png', data: pngOfSize(10_000_001) });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ code: ErrorCode.tooLarge, message: '图片大小不能超过10MB', data: null });
    expect((await t.app.db.select().from(files)).length).toBe(before);
    expect(await stored()).toEqual([]);
  });

  it('answers 413 over a real connection while the client is still sending', async () => {
    const { payload, headers } = multipart({ filename: 'huge.png', data: pngOfSize(10_000_100) });
    const result = await sendStreamedUpload(
      `${t.baseUrl}/api/file/upload`,
      { ...headers, authorization: `Bearer ${staff}` },
      payload,
      210_000_000,
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toMatchObject({ code: ErrorCode.tooLarge, message: '图片大小不能超过10MB' });
    expect(result.sentMb).toBeLessThan(200);
    expect(await stored()).toEqual([]);
  });

  it('refuses an HTML page named .png by its content, whatever the header says', async () => {
    const res = await upload(staff, { filename: 'cat.png', contentType: 'image/png', data: htmlPage() });
    expect(res.statusCode).toBe(415);
    expect(body(res)).toMatchObject({ code: ErrorCode.unsupportedMediaType, message: '不支持的文件类型' });
    expect(await stored()).toEqual([]);
  });

  it('keeps a path-like name as a plain display name, never as a storage path', async () => {
    const res = await upload(staff, { filename: '../../x.png', data: smallPng() });
    expect(res.statusCode).toBe(200);
    const file = body<StoredFile>(res).data;
    expect(file.name).toBe('x.png');
    const [row] = await t.app.db.select().from(files).where(eq(files.id, file.file_id));
    expect(row?.storageKey).toMatch(/^(portal\/)?files\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    const objects = await stored();
    expect(objects).toHaveLength(1);
    if (!s3) expect(objects[0]?.startsWith(dir)).toBe(true);
    await api(t, staff, { method: 'POST', url: '/api/file/delete', payload: { file_id: file.file_id } });
  });

  it("answers another user's file exactly like an unknown one", async () => {
    const mine = body<StoredFile>(await upload(admin, { filename: 'a.png', data: smallPng() })).data;
    const unknown = '0'.repeat(32);
    for (const [method, url, payload] of [
      ['GET', `/api/file/download?file_id=`, undefined],
      ['GET', `/api/file/info?file_id=`, undefined],
      ['POST', '/api/file/delete', 'body'],
    ] as const) {
      const ask = (id: string) =>
        api(t, staff, payload ? { method, url, payload: { file_id: id } } : { method, url: `${url}${id}` });
      const theirs = await ask(mine.file_id);
      const none = await ask(unknown);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(none.body);
    }
    const own = await api(t, admin, { method: 'GET', url: mine.url });
    expect(own.statusCode).toBe(200);
  });

  it('applies optional width and height limits with the messages of section 5', async () => {
    const rules = t.app.services.files.commonRules as { maxWidth?: number; maxHeight?: number };
    rules.maxWidth = 100;
    rules.maxHeight = 50;
    try {
      const wide = await upload(staff, { filename: 'w.png', data: smallPng(101, 10) });
      expect(body(wide)).toMatchObject({ code: ErrorCode.validation, message: '图片宽度不能超过100px' });
      const tall = await upload(staff, { filename: 't.png', data: smallPng(10, 51) });
      expect(body(tall)).toMatchObject({ code: ErrorCode.validation, message: '图片高度不能超过50px' });
      const fits = await upload(staff, { filename: 'ok.png', data: smallPng(100, 50) });
      expect(fits.statusCode).toBe(200);
    } finally {
      delete rules.maxWidth;
      delete rules.maxHeight;
    }
  });

  it("mounts module uploads under the module's prefix and rights", async () => {
    const pdf = await upload(staff, { filename: '合同.pdf', data: smallPdf() }, '/api/red/file/upload');
    expect(pdf.statusCode).toBe(200);
    const file = body<StoredFile>(pdf).data;
    expect(file).toMatchObject({
      module: 'red',
      mime: 'application/pdf',
      url: `/api/red/file/download?file_id=${file.file_id}`,
    });
    const download = await api(t, staff, { method: 'GET', url: file.url });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    // A module's file is served under its own prefix only.
    const common = await api(t, staff, { method: 'GET', url: `/api/file/download?file_id=${file.file_id}` });
    expect(common.statusCode).toBe(404);
    // The common route takes images only.
    const pdfToCommon = await upload(staff, { filename: 'a.pdf', data: smallPdf() });
    expect(pdfToCommon.statusCode).toBe(415);

    const refused = await upload(staff, { filename: 'a.png', data: smallPng() }, '/api/deepseek/file/upload');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(ErrorCode.forbidden);
    const allowed = await upload(admin, { filename: 'a.png', data: smallPng() }, '/api/deepseek/file/upload');
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses uploads without a session', async () => {
    const { payload, headers } = multipart({ filename: 'a.png', data: smallPng() });
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers });
    expect(res.statusCode).toBe(401);
  });

  it.runIf(kind === 'disk')('tells the browser to upload through the server', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/file/uploadTencentConfig' });
    expect(body<UploadConfigResponse>(res).data).toMatchObject({
      mode: 'server',
      upload_url: '/api/file/upload',
      max_bytes: 10_000_000,
      kinds: ['image'],
    });
  });

  it.runIf(kind === 's3')('gives a presigned POST that only allows what the server would accept', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/file/uploadTencentConfig?content_type=image/png' });
    const config = body<UploadConfigResponse>(res).data;
    if (config.mode !== 'direct') throw new Error('expected a direct upload');
    const before = (await stored()).length;
    const staffId = (await t.app.services.users.findByLogin('staff'))?.id;
    const prefix = config.key.replace(/[0-9a-f]{32}$/, '');
    if (staffId !== undefined) expect(prefix).toBe(`portal/incoming/${staffId}/`);
    expect(config.url.startsWith(s3?.postEndpoint ?? '-')).toBe(true);

    // The signed policy document itself.
    const policy = JSON.parse(Buffer.from(config.fields.Policy ?? '', 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(120_000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 10_000_000],
        ['eq', '$key', config.key],
        ['eq', '$Content-Type', 'image/png'],
        { key: config.key },
        { bucket: S3_BUCKET },
      ]),
    );

    const post = (data: Buffer, overrides: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...config.fields, ...overrides })) form.append(k, v);
      form.append('file', new Blob([data]), 'x.png');
      return fetch(config.url, { method: 'POST', body: form });
    };
    // Larger than allowed, another type, another key: the store refuses each.
    expect((await post(pngOfSize(10_000_001))).status).toBe(403);
    expect((await post(htmlPage(), { 'Content-Type': 'text/html' })).status).toBe(403);
    expect((await post(smallPng(), { key: `${prefix}${'f'.repeat(32)}` })).status).toBe(403);
    expect((await post(smallPng(), { key: `portal/files/00/${'f'.repeat(32)}` })).status).toBe(403);
    expect(await stored()).toHaveLength(before);

    // Within the policy: stored, then registered after the same checks as a server upload.
    expect((await post(smallPng(8, 6))).status).toBe(204);
    const confirmed = await api(t, staff, {
      method: 'POST',
      url: '/api/file/confirm',
      payload: { key: config.key, name: '../a.png' },
    });
    expect(confirmed.statusCode).toBe(200);
    const file = body<StoredFile>(confirmed).data;
    expect(file).toMatchObject({ name: 'a.png', mime: 'image/png', width: 8, height: 6 });
    // Moved to its final key; nothing left under the incoming prefix.
    expect(await stored()).toHaveLength(before + 1);
    expect(await s3?.keys('portal/incoming/')).toEqual([]);
    const download = await api(t, staff, { method: 'GET', url: file.url });
    expect(download.rawPayload.equals(smallPng(8, 6))).toBe(true);

    // Another user cannot register this user's upload.
    const again = body<UploadConfigResponse>(
      await api(t, staff, { method: 'GET', url: '/api/file/uploadTencentConfig?content_type=image/png' }),
    ).data;
    if (again.mode !== 'direct') throw new Error('expected a direct upload');
    const form = new FormData();
    for (const [k, v] of Object.entries(again.fields)) form.append(k, v);
    form.append('file', new Blob([htmlPage()]), 'x.png');
    expect((await fetch(again.url, { method: 'POST', body: form })).status).toBe(204);
    const foreign = await api(t, admin, { method: 'POST', url: '/api/file/confirm', payload: { key: again.key } });
    expect(foreign.statusCode).toBe(404);
    // An HTML page sent as image/png passes the store's policy but not the content check; it is deleted.
    const html = await api(t, staff, { method: 'POST', url: '/api/file/confirm', payload: { key: again.key } });
    expect(html.statusCode).toBe(415);
    expect(await stored()).toHaveLength(before + 1);
  });
});
