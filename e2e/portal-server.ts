import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Starts the portal as `npm start` runs it (compiled server, built web app, built-in sign-in) on a free port with a
 * throw-away data directory. Used by the browser suites and the benchmarks.
 */

const repoRoot = resolve(import.meta.dirname, '..');
/** The compiled server that `npm start` runs (built by `npm run build`). */
const serverEntry = join(repoRoot, 'apps/server/dist/main.js');

export interface RunningPortal {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawning the process to the first answered request. */
  startMs: number;
  port: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Reuse this data directory (a restart); the default is a fresh one removed on stop. */
  dataDir?: string;
  keepDataDir?: boolean;
  /** PUBLIC_URL when the browser reaches the server through a load balancer. */
  publicUrl?: string;
  /** Node options of the server process, after those of SERVER_NODE_ARGS. */
  nodeArgs?: string[];
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export async function startPortal(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-run-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const spawnedAt = performance.now();
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  // e.g. SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server of a benchmark.
  const nodeArgs = [...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(options.nodeArgs ?? [])];
  const server = spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd: join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: options.publicUrl ?? baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // E2E_SERVER_LOG=<file> keeps every server's output for a look after a failed run.
  const logFile = process.env.E2E_SERVER_LOG;
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (logFile) appendFileSync(logFile, `[${port}] ${chunk.toString()}`);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  for (let attempt = 0; attempt < 6000; attempt++) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/app-config.json`)).ok)
        return { baseUrl, port, pid: server.pid ?? 0, startMs: performance.now() - spawnedAt, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error(`portal did not come up at ${baseUrl}:\n${output}`);
}
