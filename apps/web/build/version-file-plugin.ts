import { execSync } from 'node:child_process';
import type { Plugin } from 'vite';

const FILE_NAME = 'version.js';

function gitHash(): string | undefined {
  try {
    return (
      execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** The version a deployment is recognised by: package version, commit and build time. */
export function buildVersion(packageVersion: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14);
  return [packageVersion, gitHash(), stamp].filter(Boolean).join('-');
}

export function versionScript(version: string): string {
  return `window.__PORTAL_VERSION__ = ${JSON.stringify(version)};\n`;
}

/** Emits `version.js` next to index.html; the page loads it as a script, never inlined (CSP). */
export function versionFilePlugin(packageVersion: string): Plugin {
  const version = buildVersion(packageVersion);
  return {
    name: 'portal-version-file',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `/${FILE_NAME}`) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(versionScript(version));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE_NAME, source: versionScript(version) });
    },
  };
}
