import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ErrorCode,
  storageUsageResponseSchema,
  type StoredFile,
  type StorageUsageResponse,
  type UploadConfigResponse,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema';
import { moduleUploadRoutes } from '../../src/routes/api/file/upload-routes';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { multipart, pngOfSize, type MultipartFile } from './fixtures';
import { S3_BUCKET, S3_KEY, S3_REGION, S3_SECRET, startS3, type S3Harness } from './s3-harness';
import { sendStreamedUpload } from './streamed-upload';

/** `storage.quota_mb_per_user: 1`. */
const QUOTA = 1_000_000;
const full = (used: string) => `存储空间已满：已用 ${used} / 上限 1MB，请删除不需要的文件`;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const moduleMounts: FastifyPluginAsync = async (app) => {
  // A file limit far above the quota, so that the quota is what stops a large upload.
  await app.register(moduleUploadRoutes({ module: 'red', rules: { kinds: ['pdf', 'image'], maxBytes: 200_000_000 } }), {
    prefix: '/api/red',
  });
};

describe.each(['disk', 's3'] as const)('storage quota on %s storage', (kind) => {
  let t: TestApp;
  let dir = '';
  let s3: S3Harness | undefined;
  let staff = '';

  const stored = async (): Promise<string[]> => (s3 ? s3.keys() : filesUnder(dir));

  const upload = (file: MultipartFile, url = '/api/file/upload') => {
    const { payload, headers } = multipart(file);
    return api(t, staff, { method: 'POST', url, payload, headers });
  };
  const png = (size: number) => ({ filename: `${size}.png`, contentType: 'image/png', data: pngOfSize(size) });

  const usage = async (): Promise<StorageUsageResponse> => {
    const res = await api(t, staff, { method: 'GET', url: '/api/file/usage' });
    expect(res.statusCode).toBe(200);
    return storageUsageResponseSchema.parse(body(res).data);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-quota-'));
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
          quota_mb_per_user: 1,
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
    staff = (await issueTokensFor(t, 'staff')).access_token.token;
  }, 120_000);

  afterEach(async () => {
    for (const row of await t.app.db.select().from(files)) {
      await t.app.services.files.service.delete(row.ownerId, row.id, row.module);
    }
  });

  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers what the user stores and the quota', async () => {
    expect(await usage()).toEqual({ used_bytes: 0, quota_bytes: QUOTA });
    expect((await upload(png(400_000))).statusCode).toBe(200);
    expect((await upload(png(100_000), '/api/red/file/upload')).statusCode).toBe(200);
    expect(await usage()).toEqual({ used_bytes: 500_000, quota_bytes: QUOTA });
  });

  it('fills the quota to the byte, then refuses with 413 on every upload route and stores nothing', async () => {
    expect((await upload(png(400_000))).statusCode).toBe(200);
    expect((await upload(png(600_000), '/api/red/file/upload')).statusCode).toBe(200);
    expect(await usage()).toEqual({ used_bytes: QUOTA, quota_bytes: QUOTA });
    const before = await stored();

    for (const url of ['/api/file/upload', '/api/red/file/upload']) {
      const res = await upload(png(300), url);
      expect(res.statusCode).toBe(413);
      expect(body(res)).toEqual({ code: ErrorCode.tooLarge, message: full('1MB'), data: null });
    }
    const config = await api(t, staff, { method: 'GET', url: '/api/file/uploadTencentConfig?content_type=image/png' });
    expect(config.statusCode).toBe(413);
    expect(body(config).message).toBe(full('1MB'));
    expect(await stored()).toEqual(before);
    expect(await t.app.db.select().from(files)).toHaveLength(2);
  });

  it('refuses a file that would pass the quota, and counts a deleted file no more', async () => {
    const big = body<StoredFile>(await upload(png(600_000))).data;
    expect((await upload(png(300_000))).statusCode).toBe(200);
    const refused = await upload(png(200_000));
    expect(refused.statusCode).toBe(413);
    expect(body(refused).message).toBe(full('900KB'));
    // The browser says the size first, and hears the same before sending anything.
    const asked = await api(t, staff, { method: 'GET', url: '/api/file/uploadTencentConfig?size=200000' });
    expect(asked.statusCode).toBe(413);
    expect(body(asked).message).toBe(full('900KB'));

    const deleted = await api(t, staff, { method: 'POST', url: '/api/file/delete', payload: { file_id: big.file_id } });
    expect(deleted.statusCode).toBe(200);
    expect(await usage()).toEqual({ used_bytes: 300_000, quota_bytes: QUOTA });
    expect((await upload(png(200_000))).statusCode).toBe(200);
    expect((await api(t, staff, { method: 'GET', url: '/api/file/uploadTencentConfig?size=500000' })).statusCode).toBe(
      200,
    );
    expect(await stored()).toHaveLength(2);
  });

  it('stops a streamed upload of unknown size where it crosses the quota and keeps nothing of it', async () => {
    expect((await upload(png(400_000))).statusCode).toBe(200);
    const before = await stored();
    // Within the route's file limit (200 MB), far past the 600 KB left, and no content-length says so.
    const { payload, headers } = multipart({ filename: 'big.png', data: pngOfSize(2_000_000) });
    const result = await sendStreamedUpload(
      `${t.baseUrl}/api/red/file/upload`,
      { ...headers, authorization: `Bearer ${staff}` },
      payload,
      150_000_000,
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toMatchObject({ code: ErrorCode.tooLarge, message: full('400KB') });
    expect(result.sentMb).toBeLessThan(100);
    expect(await stored()).toEqual(before);
    expect(await usage()).toEqual({ used_bytes: 400_000, quota_bytes: QUOTA });
  });

  it('lets only the uploads that fit through when several arrive together', async () => {
    // Each one alone fits; all four started together, every one passes the early check.
    const results = await Promise.all([1, 2, 3, 4].map(() => upload(png(400_000))));
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(2);
    for (const res of refused) {
      expect(res.statusCode).toBe(413);
      expect(body(res).message).toMatch(/^存储空间已满：已用 (0B|400KB|800KB) \/ 上限 1MB，请删除不需要的文件$/);
    }
    expect(await usage()).toEqual({ used_bytes: 800_000, quota_bytes: QUOTA });
    expect(await stored()).toHaveLength(2);
  });

  it.runIf(kind === 's3')('signs a POST for exactly one key, within what the quota leaves', async () => {
    expect((await upload(png(400_000))).statusCode).toBe(200);
    const res = await api(t, staff, { method: 'GET', url: '/api/file/uploadTencentConfig?content_type=image/png' });
    const config = body<UploadConfigResponse>(res).data;
    if (config.mode !== 'direct') throw new Error('expected a direct upload');
    const policy = JSON.parse(Buffer.from(config.fields.Policy ?? '', 'base64').toString('utf8')) as {
      expiration: string;
      conditions: Array<Record<string, string> | [string, string | number, string | number]>;
    };
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(120_000);
    // Every condition on the key, whichever form: each one pins it exactly, none allows a prefix.
    const onKey = policy.conditions.flatMap((c) =>
      Array.isArray(c)
        ? String(c[1]).toLowerCase() === '$key'
          ? [[c[0], c[2]]]
          : []
        : Object.entries(c)
            .filter(([name]) => name.toLowerCase() === 'key')
            .map(([, value]) => ['eq', value]),
    );
    expect(onKey.length).toBeGreaterThan(0);
    expect(new Set(onKey.map(([op, value]) => `${op} ${value}`))).toEqual(new Set([`eq ${config.key}`]));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 600_000]);

    const post = (data: Buffer, overrides: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...config.fields, ...overrides })) form.append(k, v);
      form.append('file', new Blob([data]), 'x.png');
      return fetch(config.url, { method: 'POST', body: form });
    };
    const before = await stored();
    expect((await post(pngOfSize(600_001))).status).toBe(403);
    // Another key: its last character changed (to one it is not, so the key really differs).
    const otherKey = `${config.key.slice(0, -1)}${config.key.endsWith('0') ? '1' : '0'}`;
    expect((await post(pngOfSize(300), { key: otherKey })).status).toBe(403);
    expect(await stored()).toEqual(before);

    // Within the policy when signed; the quota filled meanwhile: refused at confirm, nothing left.
    expect((await post(pngOfSize(500_000))).status).toBe(204);
    expect((await upload(png(200_000))).statusCode).toBe(200);
    const confirmed = await api(t, staff, { method: 'POST', url: '/api/file/confirm', payload: { key: config.key } });
    expect(confirmed.statusCode).toBe(413);
    expect(body(confirmed).message).toBe(full('600KB'));
    expect(await s3?.keys('portal/incoming/')).toEqual([]);
    expect(await stored()).toHaveLength(2);
    expect(await usage()).toEqual({ used_bytes: 600_000, quota_bytes: QUOTA });
  });
});

describe('no storage quota', () => {
  let t: TestApp;
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-quota-'));
    t = await buildTestApp({ config: (c) => ({ ...c, storage: { ...c.storage, dir, quota_mb_per_user: 0 } }) });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a null quota and takes uploads past a gigabyte of usage', async () => {
    const staff = (await issueTokensFor(t, 'staff')).access_token.token;
    const staffId = (await t.app.services.users.findByLogin('staff'))!.id;
    // A recorded gigabyte without writing one: only the sum of sizes counts.
    await t.app.db.insert(files).values({
      id: 'c'.repeat(32),
      ownerId: staffId,
      storageKey: 'files/cc/gigabyte',
      displayName: 'g.bin',
      mime: 'application/octet-stream',
      size: 2_000_000_000,
      sha256: '0'.repeat(64),
    });
    const usage = await api(t, staff, { method: 'GET', url: '/api/file/usage' });
    expect(body(usage).data).toEqual({ used_bytes: 2_000_000_000, quota_bytes: null });
    const { payload, headers } = multipart({ filename: 'a.png', data: pngOfSize(300) });
    const res = await api(t, staff, { method: 'POST', url: '/api/file/upload', payload, headers });
    expect(res.statusCode).toBe(200);
  });
});
