import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What `new Worker(source, { eval })` is given to run a worker entry of the server. */
export interface WorkerSource {
  source: string | URL;
  evalSource: boolean;
}

/**
 * A worker entry `name` beside the module at `from` (its `import.meta.url`): after `npm run build`
 * the bundle's `<name>.js` beside the server's own chunks; when running from the TypeScript sources
 * (tests, tsx), a tiny bootstrap that registers tsx in the worker first (Node 20 applies `--import`
 * hooks too late for a worker's entry) and then imports `<name>.ts`.
 */
export function workerSource(from: string, name: string): WorkerSource {
  if (!from.endsWith('.ts')) return { source: new URL(`./${name}.js`, from), evalSource: false };
  // The ESM build of tsx's API (its CommonJS build cannot register hooks from a worker).
  const tsxPackage = createRequire(from).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const entry = new URL(`./${name}.ts`, from).href;
  const source = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return { source, evalSource: true };
}
