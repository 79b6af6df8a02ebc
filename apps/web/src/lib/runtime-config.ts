import type { RuntimeConfig } from '@portal/contract';
import { defaultRuntimeConfig, parseRuntimeConfig } from './parsers';

export { defaultRuntimeConfig };

let current: RuntimeConfig = defaultRuntimeConfig;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Fetches `/app-config.json` with a cache-busting query; any failure keeps the defaults. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, base = '/'): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl(`${base}app-config.json?t=${Math.random().toString(36).slice(2)}`, {
      cache: 'no-store',
    });
    if (!res.ok) throw new Error(`app-config.json: HTTP ${res.status}`);
    current = parseRuntimeConfig(await res.json());
  } catch (error) {
    console.error(error);
    current = defaultRuntimeConfig;
  }
  return current;
}
