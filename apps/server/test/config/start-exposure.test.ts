import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/paths';
import { testDatabase } from '../helper';

/** The server as `npm start` runs it on a fresh clone: the example config, no HOST, no database yet. */

const serverDir = resolve(import.meta.dirname, '../..');
const dataDirs: string[] = [];
const children: ChildProcess[] = [];
let database: Awaited<ReturnType<typeof testDatabase>> | undefined;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/** Runs src/main.ts until it exits or logs that it is ready (then it is stopped). */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string; ready: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-exposure-'));
  dataDirs.push(dataDir);
  const inherited = { ...process.env };
  delete inherited.HOST;
  delete inherited.PUBLIC_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      PORT: '0',
      DATA_DIR: dataDir,
      PORTAL_CONFIG: join(repoRoot, 'portal.config.example.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  let ready = false;
  return new Promise((done) => {
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (!ready && output.includes('portal server ready')) {
        ready = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code) => done({ code, output, ready }));
  });
}

describe('the start with the example config', () => {
  it('refuses HOST=0.0.0.0 while the demo accounts have the example passwords, naming HOST', async () => {
    const run = await runServer({ HOST: '0.0.0.0' });
    expect(run.ready).toBe(false);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/HOST=0\.0\.0\.0 makes the portal reachable from the network while demo_accounts/);
  }, 120_000);

  it('listens on 127.0.0.1 without HOST (npm start on a fresh clone)', async () => {
    // This run's engine: PGlite in DATA_DIR, or a fresh database on the TEST_DB server.
    database = await testDatabase();
    const run = await runServer({ DATABASE_URL: database.target.kind === 'postgres' ? database.target.url : '' });
    expect(run.output).not.toMatch(/ConfigError|failed to start/);
    expect(run.ready).toBe(true);
    const line = run.output.split('\n').find((l) => l.includes('portal server ready')) ?? '';
    expect(JSON.parse(line)).toMatchObject({ host: '127.0.0.1' });
  }, 180_000);
});
