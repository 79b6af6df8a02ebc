/**
 * Start to listening and idle resident memory of one server process on the embedded database:
 * a first start on an empty data directory (migrations, seeding), its VmRSS 10 s and 2 min after
 * it listens, then a restart on the same directory. The server runs as `npm start` runs it.
 * Beside the wall time, the CPU time the process had used when its first request was answered:
 * on a machine busy with other work that is the steadier figure.
 *
 * Run: node --import tsx bench/server-start-memory.ts [idleSeconds=120]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal } from '../e2e/portal-server';

const idleSeconds = Number(process.argv[2] ?? 120);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
/** User + system time of the process (all its threads), from /proc in clock ticks of 10 ms. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-bench-'));
try {
  const first = await startPortal({}, { dataDir, keepDataDir: true });
  const firstCpu = cpuMs(first.pid);
  await sleep(10_000);
  const rss10 = rssMiB(first.pid);
  await sleep(Math.max(0, idleSeconds - 10) * 1000);
  const rssIdle = rssMiB(first.pid);
  await first.stop();
  const restart = await startPortal({}, { dataDir, keepDataDir: true });
  const restartCpu = cpuMs(restart.pid);
  await sleep(2_000);
  const rssRestart = rssMiB(restart.pid);
  await restart.stop();

  console.info('server start and idle memory, embedded database (PGlite)');
  console.info(`  start to listening, first start: ${first.startMs.toFixed(0)} ms (CPU ${firstCpu} ms)`);
  console.info(
    `  start to listening, restart:     ${restart.startMs.toFixed(0)} ms (CPU ${restartCpu} ms)   (budget ≤ 1000 ms)`,
  );
  console.info(`  VmRSS 10 s after first start:    ${rss10.toFixed(1)} MiB   (budget ≤ 250 MiB)`);
  console.info(`  VmRSS ${idleSeconds} s after first start:   ${rssIdle.toFixed(1)} MiB   (budget ≤ 250 MiB)`);
  console.info(`  VmRSS 2 s after restart:         ${rssRestart.toFixed(1)} MiB   (budget ≤ 250 MiB)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
