import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, loadRuntimeConfig } from '../../src/lib/runtime-config';

describe('runtime config', () => {
  it('parses the file and falls back to defaults on failure', async () => {
    const good = vi.fn(
      async () => new Response(JSON.stringify({ title: '员工 AI 门户', apiDomain: 'https://api.example.com/' })),
    );
    const config = await loadRuntimeConfig(good as unknown as typeof fetch);
    expect(config.title).toBe('员工 AI 门户');
    expect(config.apiDomain).toBe('https://api.example.com/');
    expect(String((good.mock.calls[0] as unknown[])[0])).toMatch(/^\/app-config\.json\?t=\w+/);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = vi.fn(async () => new Response('nope', { status: 404 }));
    expect(await loadRuntimeConfig(bad as unknown as typeof fetch)).toEqual(defaultRuntimeConfig);
    logged.mockRestore();
  });
});
