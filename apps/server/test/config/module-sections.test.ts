import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZodObject } from 'zod';
import { parseConfig } from '../../src/config/load';
import type { ModuleConfigSection } from '../../src/modules/config-section';
import { moduleRegistry } from '../../src/modules/registry';

const modulesDir = join(import.meta.dirname, '../../src/modules');
const registered = moduleRegistry.flatMap((m) => (m.config ? [m.config] : []));

function isSection(value: unknown): value is ModuleConfigSection {
  const candidate = value as Partial<ModuleConfigSection> | null;
  return typeof candidate?.key === 'string' && candidate.schema instanceof ZodObject;
}

describe("modules' configuration sections", () => {
  it('registers the section of every module folder that has one', async () => {
    // A section declared in a module's config.ts types PortalConfig; unregistered, the file's
    // settings for it would go unchecked and without defaults.
    const declared: ModuleConfigSection[] = [];
    for (const folder of readdirSync(modulesDir)) {
      const file = join(modulesDir, folder, 'config.ts');
      if (existsSync(file)) declared.push(...Object.values(await import(file)).filter(isSection));
    }
    expect(declared.map((s) => s.key).sort()).toEqual(registered.map((s) => s.key).sort());
    expect(new Set(registered)).toEqual(new Set(declared));
  });

  it("fills each module's section under its key with the section's defaults", () => {
    const config = parseConfig({}) as unknown as Record<string, unknown>;
    for (const section of registered) {
      expect(config[section.key]).toEqual(section.schema.parse({}));
    }
  });

  it("checks a module's section with its schema", () => {
    for (const section of registered) {
      expect(() => parseConfig({ [section.key]: { no_such_setting: 1 } })).toThrow();
    }
  });
});
