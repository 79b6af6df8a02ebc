import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchProxiedImage } from '../../src/features/chat/api/fetch-proxied-image';
import { setHttpClient } from '../../src/lib/api';
import type { HttpClient } from '../../src/lib/http-client';

function useClient() {
  setHttpClient({
    url: (path: string) => `/${path.replace(/^\/+/, '')}`,
    headers: () => ({ authorization: 'Bearer t1', 'x-request-id': 'r1' }),
  } as unknown as HttpClient);
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchProxiedImage', () => {
  it('asks the proxy with the signed-in headers and returns the image bytes', async () => {
    useClient();
    const fetchMock = vi.fn(
      async () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const blob = await fetchProxiedImage('/api/image/proxy?url=https%3A%2F%2Fa.example%2Fx.png');
    expect(blob.size).toBe(4);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/image/proxy?url=https%3A%2F%2Fa.example%2Fx.png');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer t1');
  });

  it('fails on an error envelope so the image falls back to its placeholder', async () => {
    useClient();
    vi.stubGlobal('fetch', async () =>
      Response.json({ code: 4001, message: '不允许访问内网地址', data: null }, { status: 400 }),
    );
    await expect(fetchProxiedImage('/api/image/proxy?url=x')).rejects.toThrow(/400/);
  });
});
