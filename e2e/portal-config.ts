import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface WrittenConfig {
  /** The file to hand the portal as PORTAL_CONFIG. */
  path: string;
  /** Its folder, for fixtures the suite writes beside it. */
  dir: string;
  remove(): void;
}

/**
 * The example configuration with a suite's own sections on top, in a temporary folder of its own:
 * browser suites start their portal from it so that they test what an operator would install.
 */
export function writePortalConfig(name: string, sections: Record<string, unknown>): WrittenConfig {
  const example = JSON.parse(readFileSync(resolve(import.meta.dirname, '../portal.config.example.json'), 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  const path = join(dir, 'portal.config.json');
  writeFileSync(path, JSON.stringify({ ...example, ...sections }));
  return { path, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The key the fake model upstream is configured with; pass it to the portal as FAKE_LLM_KEY. */
export const FAKE_LLM_KEY = 'fake-key';

/** A providers section that sends the chatgpt module's models (model id → upstream model name) to a fake upstream. */
export function fakeChatProviders(baseUrl: string, models: Record<string, string>) {
  const targets = Object.fromEntries(Object.entries(models).map(([id, model]) => [id, { provider: 'fake', model }]));
  return {
    providers: {
      endpoints: { fake: { baseUrl, apiKeyEnv: 'FAKE_LLM_KEY', idleTimeoutMs: 30_000 } },
      models: { chatgpt: targets },
    },
  };
}
