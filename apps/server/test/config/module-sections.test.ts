import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load';
import { serverModules } from '../../src/modules';
import { moduleConfigSections } from '../../src/modules/config-sections';

describe("modules' configuration sections", () => {
  it('lists the same sections as the module registry', () => {
    const registered = serverModules.flatMap((m) => (m.config ? [m.config] : []));
    expect(new Set(moduleConfigSections)).toEqual(new Set(registered));
  });

  it("fills each module's section under its key with the section's defaults", () => {
    const config = parseConfig({}) as unknown as Record<string, unknown>;
    for (const section of moduleConfigSections) {
      expect(config[section.key]).toEqual(section.schema.parse({}));
    }
  });

  it("checks a module's section with its schema", () => {
    for (const section of moduleConfigSections) {
      expect(() => parseConfig({ [section.key]: { no_such_setting: 1 } })).toThrow();
    }
  });
});
