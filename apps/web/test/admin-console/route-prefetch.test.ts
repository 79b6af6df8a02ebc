import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_API_PATHS } from '@portal/contract';
import { prefetchAdminConsole } from '../../src/features/admin-console/route-prefetch';
import { installTestClient } from '../../src/testing/install-test-client';

afterEach(() => vi.unstubAllGlobals());

/** A backend that records paths and answers an empty list (not a valid reply: only the request matters). */
function recordingFetch() {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    paths.push(new URL(String(input instanceof Request ? input.url : input), 'http://portal').pathname);
    return new Response(JSON.stringify({ code: 0, message: 'ok', data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  installTestClient(fetch as unknown as typeof globalThis.fetch, '/admin');
  return paths;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe("/admin's prefetch", () => {
  it('asks for the apps list when the apps tab (the default) opens', async () => {
    const paths = recordingFetch();
    prefetchAdminConsole(client(), null);
    await vi.waitFor(() => expect(paths).toEqual([ADMIN_API_PATHS.listApps]));
  });

  it('asks for the people list on the people tab', async () => {
    const paths = recordingFetch();
    prefetchAdminConsole(client(), 'people');
    await vi.waitFor(() => expect(paths).toEqual([ADMIN_API_PATHS.listUsers]));
  });

  it('leaves tabs with their own filters to ask for themselves', async () => {
    const paths = recordingFetch();
    prefetchAdminConsole(client(), 'audit');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths).toEqual([]);
  });
});
