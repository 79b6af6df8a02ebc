/**
 * Upload throughput and the server's peak memory: N users (20) each stream one file of the given
 * size to `POST /api/file/upload` at the same moment, through one server process (its own child
 * process, PGlite). The server's resident memory (VmRSS from /proc) is sampled every 20 ms; run with
 * 10 MB and 50 MB files to see that it does not grow with the file size (each upload holds at most
 * the inspected head plus stream buffers, never the file). `s3` stores into an s3rver started here
 * (its memory is not the server's) instead of the default folder under DATA_DIR.
 *
 * Run: node --import tsx bench/upload-throughput.ts [sizesMB=10,50] [users=20] [disk|s3]
 */
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';
import { S3_BUCKET, S3_KEY, S3_REGION, S3_SECRET, startS3, type S3Harness } from '../apps/server/test/files/s3-harness';

const sizesMb = (process.argv[2] ?? '10,50').split(',').map(Number);
const users = Number(process.argv[3] ?? 20);
const storageKind = process.argv[4] === 's3' ? 's3' : 'disk';
const repoRoot = resolve(import.meta.dirname, '..');
const CHUNK = 64 * 1024;

function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]);
}

/** A PNG of exactly `total` bytes as head, padding length and tail, so it can be streamed without holding it. */
function pngParts(total: number): { head: Buffer; padding: number; tail: Buffer } {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(64, 4);
  ihdr[8] = 8;
  const idat = pngChunk('IDAT', deflateSync(Buffer.alloc(65 * 64)));
  const start = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    idat,
  ]);
  const tail = Buffer.concat([Buffer.alloc(4), pngChunk('IEND', Buffer.alloc(0))]);
  const padding = total - start.length - 8 - tail.length;
  const padHead = Buffer.alloc(8);
  padHead.writeUInt32BE(padding, 0);
  padHead.write('pADd', 4, 'latin1');
  return { head: Buffer.concat([start, padHead]), padding, tail };
}

/** Streams one multipart upload of `bytes`; resolves with the HTTP status. */
function upload(baseUrl: string, agent: Agent, token: string, bytes: number): Promise<number> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const open = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  const png = pngParts(bytes);
  const filler = Buffer.alloc(CHUNK, 0x61);
  return new Promise((resolveStatus, reject) => {
    const req = request(
      new URL('/api/file/upload', baseUrl),
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': open.length + bytes + close.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolveStatus(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    let left = png.padding;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(CHUNK, left);
        left -= n;
        if (!req.write(n === CHUNK ? filler : filler.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(Buffer.concat([png.tail, close]));
    };
    req.write(Buffer.concat([open, png.head]));
    pump();
  });
}

function writeConfig(maxBytes: number, s3: S3Harness | undefined): string {
  const config = JSON.parse(readFileSync(join(repoRoot, 'portal.config.example.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  config.demo_accounts = Array.from({ length: users }, (_, i) => ({
    login: `user${i + 1}`,
    password: 'bench-pass',
    name: `用户${i + 1}`,
  }));
  config.storage = {
    kind: storageKind,
    max_image_bytes: maxBytes,
    rate_limit_per_minute: 10_000,
    ...(s3
      ? {
          s3: {
            endpoint: s3.endpoint,
            region: S3_REGION,
            bucket: S3_BUCKET,
            access_key_id_env: 'BENCH_S3_KEY',
            secret_access_key_env: 'BENCH_S3_SECRET',
            force_path_style: true,
            direct_upload: false,
          },
        }
      : {}),
  };
  const path = join(mkdtempSync(join(tmpdir(), 'portal-bench-')), 'portal.config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

async function round(sizeMb: number): Promise<void> {
  const bytes = sizeMb * 1_000_000;
  const s3 = storageKind === 's3' ? await startS3() : undefined;
  const portal = await startPortal({
    PORTAL_CONFIG: writeConfig(Math.max(bytes, 10_000_000), s3),
    BENCH_S3_KEY: S3_KEY,
    BENCH_S3_SECRET: S3_SECRET,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < users; i++) {
      tokens.push((await signInOverHttp(portal.baseUrl, `user${i + 1}`, 'bench-pass')).access_token.token);
    }
    // Warm-up: code paths, pools and the first file write are not per-upload memory.
    for (const token of tokens.slice(0, 2)) await upload(portal.baseUrl, agent, token, 1_000_000);
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssKiB(portal.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(portal.pid))), 20);
    const started = performance.now();
    const statuses = await Promise.all(tokens.map((token) => upload(portal.baseUrl, agent, token, bytes)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKiB(portal.pid));
    const okCount = statuses.filter((s) => s === 200).length;
    const totalMb = (bytes * users) / 1_000_000;
    console.info(`${users} users × ${sizeMb} MB at once (${storageKind}):`);
    console.info(`  accepted:              ${okCount}/${users}`);
    console.info(`  wall time:             ${seconds.toFixed(2)} s`);
    console.info(`  throughput:            ${(totalMb / seconds).toFixed(1)} MB/s`);
    console.info(`  server VmRSS before:   ${(before / 1024).toFixed(1)} MiB`);
    console.info(
      `  server VmRSS peak:     ${(peak / 1024).toFixed(1)} MiB (+${((peak - before) / 1024).toFixed(1)} MiB)`,
    );
  } finally {
    agent.destroy();
    await portal.stop();
    await s3?.close();
  }
}

for (const size of sizesMb) await round(size);
