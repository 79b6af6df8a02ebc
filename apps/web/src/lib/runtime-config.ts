import type { RuntimeConfig } from '@portal/contract';
import { defaultRuntimeConfig, parseRuntimeConfig } from './parsers';

export { defaultRuntimeConfig };

let current: RuntimeConfig = defaultRuntimeConfig;
let markLoaded: (config: RuntimeConfig) => void = () => {};
const loaded = new Promise<RuntimeConfig>((resolve) => {
  markLoaded = resolve;
});

/**
 * Settles once `/app-config.json` has been loaded (or failed). Requests that start with a route,
 * before the first render, wait on it because the config names the API's address.
 */
export function runtimeConfigLoaded(): Promise<RuntimeConfig> {
  return loaded;
}

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
  markLoaded(current);
  return current;
}
