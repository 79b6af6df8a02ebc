import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  storageUsageResponseSchema,
  storedFileSchema,
  uploadConfigQuerySchema,
  uploadConfigResponseSchema,
  type StoredFile,
  type Token,
} from '@portal/contract';
import { setHttpClient } from '../../src/lib/api';
import { createHttpClient } from '../../src/lib/http-client';
import { fetchStorageUsage, uploadErrorMessage, uploadFile } from '../../src/lib/upload';
import { checkFile, sniffKind, UploadCheckError } from '../../src/lib/upload-checks';
import { createFakeFetch, fail, ok, type FakeHandler } from '../../src/testing/fake-fetch';
import { installFakeXhr } from '../../src/testing/fake-xhr';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file of exactly `size` bytes starting with `head`. */
function fileOf(name: string, size: number, head: number[] | string = PNG_HEAD, type = 'image/png'): File {
  const start = typeof head === 'string' ? new TextEncoder().encode(head) : new Uint8Array(head);
  const bytes = new Uint8Array(size);
  bytes.set(start.subarray(0, size));
  return new File([bytes], name, { type });
}

const storedFile: StoredFile = {
  file_id: 'a'.repeat(32),
  name: 'a.png',
  mime: 'image/png',
  size: 100,
  width: 4,
  height: 3,
  sha256: 'f'.repeat(64),
  module: null,
  url: `/api/file/download?file_id=${'a'.repeat(32)}`,
  create_time: 1,
};
const serverConfig = {
  mode: 'server',
  upload_url: '/api/file/upload',
  max_bytes: 10_000_000,
  max_width: null,
  max_height: null,
  kinds: ['image'],
};

let restoreXhr = () => undefined as void;
afterEach(() => {
  restoreXhr();
  vi.unstubAllGlobals();
});

function installClient(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  const state = { access: 'access-1', refresh: 'refresh-1' };
  setHttpClient(
    createHttpClient({
      baseUrl: () => '/',
      fetch: fake.fetch,
      sleep: () => Promise.resolve(),
      session: {
        accessToken: () => state.access,
        refreshToken: () => state.refresh,
        searchToken: () => undefined,
        setTokens(a: Token, r: Token) {
          state.access = a.token;
          state.refresh = r.token;
        },
        setAccountInfo() {},
        clear() {},
      },
      effects: { warning() {}, toastError: vi.fn(), navigate() {}, reload() {}, currentPath: () => '/home' },
    }),
  );
  return fake;
}

describe('upload checks before sending', () => {
  it('allows 10,000,000 bytes and refuses one more with the spec message', async () => {
    const rules = { kinds: ['image'] as const, maxBytes: 10_000_000 };
    await expect(checkFile(fileOf('a.png', 10_000_000), rules)).resolves.toMatchObject({ mime: 'image/png' });
    await expect(checkFile(fileOf('a.png', 10_000_001), rules)).rejects.toThrow('图片大小不能超过10MB');
  });

  it('judges the type by the first bytes, not the name or the declared type', async () => {
    const html = fileOf('cat.png', 200, '<!doctype html><script>alert(1)</script>', 'image/png');
    const refusal = checkFile(html, { kinds: ['image'], maxBytes: 10_000_000 });
    await expect(refusal).rejects.toBeInstanceOf(UploadCheckError);
    await expect(refusal).rejects.toThrow('不支持的文件类型');
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(sniffKind(bytes('%PDF-1.7\n'), 'x.bin', ['pdf'])?.mime).toBe('application/pdf');
    expect(sniffKind(bytes('a,b\n1,2\n'), 'x.csv', ['csv'])?.kind).toBe('csv');
    expect(sniffKind(new Uint8Array([0x61, 0, 0x62]), 'x.txt', ['txt'])).toBeNull();
    expect(sniffKind(new Uint8Array([0x50, 0x4b, 3, 4]), 'x.docx', ['docx'])?.kind).toBe('docx');
    expect(sniffKind(new Uint8Array(PNG_HEAD), 'x.png', ['pdf'])).toBeNull();
  });

  it('checks width and height with the messages of section 5', async () => {
    let size = { width: 1200, height: 300 };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ ...size, close() {} })),
    );
    const rules = { kinds: ['image'] as const, maxBytes: 10_000_000, maxWidth: 1000, maxHeight: 800 };
    await expect(checkFile(fileOf('a.png', 100), rules)).rejects.toThrow('图片宽度不能超过1000px');
    size = { width: 1000, height: 801 };
    await expect(checkFile(fileOf('a.png', 100), rules)).rejects.toThrow('图片高度不能超过800px');
    size = { width: 1000, height: 800 };
    await expect(checkFile(fileOf('a.png', 100), rules)).resolves.toMatchObject({ width: 1000, height: 800 });
  });
});

describe('uploadFile', () => {
  it('sends FormData by XHR with progress, refreshing the token once on 1001', async () => {
    const fake = installClient((req) => {
      if (req.path === '/api/file/uploadTencentConfig') return ok(serverConfig);
      if (req.path === '/api/user/refreshToken') {
        return ok({
          access_token: { token: 'access-2', expire_at: 0 },
          refresh_token: { token: 'refresh-2', expire_at: 0 },
        });
      }
      return fail(404);
    });
    const xhr = installFakeXhr((sent) =>
      sent.headers.authorization === 'Bearer access-1'
        ? { status: 401, json: { code: ErrorCode.tokenExpired, message: 'expired', data: null } }
        : undefined,
    );
    restoreXhr = xhr.restore;
    const progress = vi.fn();
    const done = uploadFile(fileOf('a.png', 100), { onProgress: progress });
    await vi.waitFor(() => expect(xhr.sent).toHaveLength(2));
    const retry = xhr.sent[1]!;
    expect(retry.headers.authorization).toBe('Bearer access-2');
    expect(retry.url).toBe('/api/file/upload');
    expect((retry.body.get('file') as File).name).toBe('a.png');
    retry.progress(50, 100);
    retry.respond(200, { code: 0, message: 'ok', data: storedFile });
    await expect(done).resolves.toEqual(storedFile);
    expect(progress).toHaveBeenCalledWith({ loaded: 50, total: 100 });
    expect(fake.calls('/api/user/refreshToken')).toHaveLength(1);
    expect(fake.calls('/api/file/uploadTencentConfig')[0]?.url.searchParams.get('content_type')).toBe('image/png');
    // The hand checks accept what the contract's schemas accept.
    expect(storedFileSchema.safeParse(storedFile).success).toBe(true);
    expect(uploadConfigResponseSchema.safeParse(serverConfig).success).toBe(true);
  });

  it('refuses a file over the limit the server announces, before sending it', async () => {
    installClient(() => ok({ ...serverConfig, max_bytes: 1000 }));
    const xhr = installFakeXhr();
    restoreXhr = xhr.restore;
    await expect(uploadFile(fileOf('a.png', 1001))).rejects.toThrow('图片大小不能超过1KB');
    expect(xhr.sent).toHaveLength(0);
  });

  it('cancels with the signal', async () => {
    installClient(() => ok(serverConfig));
    const xhr = installFakeXhr();
    restoreXhr = xhr.restore;
    const controller = new AbortController();
    const done = uploadFile(fileOf('a.png', 100), { signal: controller.signal });
    await vi.waitFor(() => expect(xhr.sent).toHaveLength(1));
    controller.abort();
    const error = await done.catch((e: unknown) => e);
    expect(xhr.sent[0]?.aborted).toBe(true);
    expect(uploadErrorMessage(error)).toBeNull();
  });

  it('uploads straight to object storage with the presigned POST, then confirms', async () => {
    const direct = {
      mode: 'direct',
      url: 'https://bucket.example.com/portal-files',
      fields: {
        key: 'portal/incoming/7/abc',
        Policy: 'cG9saWN5',
        'X-Amz-Signature': 'sig',
        'Content-Type': 'image/png',
      },
      key: 'portal/incoming/7/abc',
      content_type: 'image/png',
      expire_at: 1,
      confirm_url: '/api/file/confirm',
      max_bytes: 10_000_000,
      max_width: null,
      max_height: null,
      kinds: ['image'],
    };
    expect(uploadConfigResponseSchema.safeParse(direct).success).toBe(true);
    const fake = installClient((req) => {
      if (req.path === '/api/file/uploadTencentConfig') return ok(direct);
      if (req.path === '/api/file/confirm') return ok(storedFile);
      return fail(404);
    });
    const xhr = installFakeXhr(() => ({ status: 204, json: '' }));
    restoreXhr = xhr.restore;
    await expect(uploadFile(fileOf('a.png', 100))).resolves.toEqual(storedFile);
    const sent = xhr.sent[0]!;
    expect(sent.url).toBe(direct.url);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body.get('Policy')).toBe('cG9saWN5');
    expect([...sent.body.keys()].at(-1)).toBe('file');
    expect(fake.calls('/api/file/confirm')[0]?.body).toEqual({ key: direct.key, name: 'a.png' });
  });

  it('tells the server the size first, and shows the storage quota refusal without sending the file', async () => {
    const message = '存储空间已满：已用 999.99MB / 上限 1GB，请删除不需要的文件';
    const fake = installClient((req) =>
      req.path === '/api/file/uploadTencentConfig' ? fail(ErrorCode.tooLarge, message, 413) : fail(404),
    );
    const xhr = installFakeXhr();
    restoreXhr = xhr.restore;
    const error = await uploadFile(fileOf('a.png', 12_345)).catch((e: unknown) => e);
    expect(uploadErrorMessage(error)).toBe(message);
    expect(fake.calls('/api/file/uploadTencentConfig')[0]?.url.searchParams.get('size')).toBe('12345');
    expect(uploadConfigQuerySchema.parse({ content_type: 'image/png', size: '12345' }).size).toBe(12_345);
    expect(xhr.sent).toHaveLength(0);
  });

  it('reads the storage usage with the checks the contract makes', async () => {
    const usage = { used_bytes: 1_500_000, quota_bytes: 1_000_000_000 };
    const replies: unknown[] = [usage, { used_bytes: 0, quota_bytes: null }, { used_bytes: '1' }];
    installClient(() => ok(replies.shift()));
    await expect(fetchStorageUsage()).resolves.toEqual(usage);
    await expect(fetchStorageUsage()).resolves.toEqual({ used_bytes: 0, quota_bytes: null });
    await expect(fetchStorageUsage()).rejects.toBeTruthy();
    expect(storageUsageResponseSchema.safeParse(usage).success).toBe(true);
    expect(storageUsageResponseSchema.safeParse({ used_bytes: 0, quota_bytes: null }).success).toBe(true);
  });

  it('shows the server refusal message', async () => {
    installClient(() => ok(serverConfig));
    const xhr = installFakeXhr(() => ({
      status: 413,
      json: { code: ErrorCode.tooLarge, message: '图片大小不能超过10MB', data: null },
    }));
    restoreXhr = xhr.restore;
    const error = await uploadFile(fileOf('a.png', 100)).catch((e: unknown) => e);
    expect(uploadErrorMessage(error)).toBe('图片大小不能超过10MB');
  });
});
