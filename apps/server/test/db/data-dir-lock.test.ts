import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/db/data-dir-lock';

/**
 * One server process per DATA_DIR (PGlite): real child processes on one folder. Independent of
 * TEST_DB, since the lock guards the embedded database only.
 */

const serverDir = resolve(import.meta.dirname, '../..');
const dataDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(dataDir: string): Promise<Started & { port: number }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port, output: () => output, exited };
}

async function waitUntilUp(server: Started & { port: number }): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/app-config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not come up:\n${server.output()}`);
}

async function stop(server: Started): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  dataDirs.push(dir);
  return dir;
}

describe('one server process per DATA_DIR', () => {
  it(
    'refuses a second process on the same folder, naming the holder, and frees the folder on close',
    { timeout: 240_000 },
    async () => {
      const dataDir = newDataDir();
      const first = await startServer(dataDir);
      await waitUntilUp(first);
      const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number; hostname: string };
      expect(lock.pid).toBe(first.child.pid);
      expect(lock.hostname).toBe(hostname());

      const second = await startServer(dataDir);
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toContain(`pid ${first.child.pid}`);
      expect(second.output()).toContain(dataDir);
      // The first server is untouched.
      expect((await fetch(`http://127.0.0.1:${first.port}/app-config.json`)).ok).toBe(true);

      expect(await stop(first)).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

      const third = await startServer(dataDir);
      await waitUntilUp(third);
      expect(await stop(third)).toBe(0);
    },
  );

  it('takes over a stale lock left by a dead process', { timeout: 240_000 }, async () => {
    const dataDir = newDataDir();
    // A pid that certainly ran on this host and is gone now.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(dead.stdout.toString());
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: deadPid, hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }),
    );
    const server = await startServer(dataDir);
    await waitUntilUp(server);
    const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(server.child.pid);
    expect(await stop(server)).toBe(0);
  });
});
