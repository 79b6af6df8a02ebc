import { describe, expect, it } from 'vitest';
import { buildVersion, versionScript } from '../../build/version-file-plugin';

describe('version.js', () => {
  it('sets the global version', () => {
    const version = buildVersion('1.6.0', new Date('2026-11-22T01:02:03Z'));
    expect(version).toMatch(/^1\.6\.0-(\w+-)?20261122010203$/);
    expect(versionScript(version)).toBe(`window.__PORTAL_VERSION__ = ${JSON.stringify(version)};\n`);
  });
});
