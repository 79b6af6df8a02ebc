/**
 * Overhead of the embedded-tool proxy (/embedded/comfyui/…) against the tool called directly:
 * per HTTP request (GET /object_info, cookie and right checked on each) and per WebSocket
 * message round trip (browser → proxy → tool → proxy → browser, each message from the tool
 * passing the per-user progress filter), as p50/p99; then the server's memory with 200 open
 * proxied WebSockets. The portal runs as `npm start` runs it (compiled, PGlite); the stand-in
 * tool runs here.
 *
 * Run: npm run build && node --import tsx bench/embedded-proxy.ts [requests=2000] [messages=2000] [sockets=200]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';
import { percentile } from './chat-bench-support';

const requests = Number(process.argv[2] ?? 2000);
const messages = Number(process.argv[3] ?? 2000);
const socketCount = Number(process.argv[4] ?? 200);
const PROMPT_ID = 'bench-prompt-0001';

/** The stand-in tool: a small JSON answer, a queued prompt, and a socket that answers each message with progress. */
const tool = createServer((req, res) => {
  if (req.url?.endsWith('/prompt')) {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ prompt_id: PROMPT_ID, number: 1 }));
    return;
  }
  // With its length, as ComfyUI's server (aiohttp) answers JSON and files: an answer of unknown
  // length is compressed by the proxy whatever its size, which is not what the tool's pages cost.
  const body = '{"KSampler":{"name":"KSampler"}}';
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
});
const wss = new WebSocketServer({ server: tool });
wss.on('connection', (ws) => {
  ws.on('message', (data) =>
    ws.send(
      JSON.stringify({ type: 'progress', data: { value: Number(data.toString()), max: 20, prompt_id: PROMPT_ID } }),
    ),
  );
});
await new Promise<void>((resolve) => tool.listen(0, '127.0.0.1', resolve));
const toolUrl = `http://127.0.0.1:${(tool.address() as AddressInfo).port}`;

const config = JSON.parse(readFileSync(join(import.meta.dirname, '../portal.config.example.json'), 'utf8')) as Record<
  string,
  unknown
>;
config.embedded = { comfyui: { url: toolUrl }, cookie_ttl_seconds: 3600, recheck_ms: 5000 };
// A fresh install's sample notes are imported and analysed by a job right after start, on the
// same two cores: measured with it, the proxy's overhead read 2.5 ms p50 instead of the proxy's own.
config.red = { ...(config.red as object), sample_data: false };
const configPath = join(tmpdir(), `embedded-bench-${process.pid}.json`);
writeFileSync(configPath, JSON.stringify(config));

const ms = (v: number) => `${v.toFixed(3)} ms`;

// JS heap after a full collection (bench/heap-probe.mjs): unlike resident memory it does not
// depend on machine load or when the collector last ran.
const heapProbeFile = join(mkdtempSync(join(tmpdir(), 'embedded-heap-')), 'heap.jsonl');
process.env.SERVER_NODE_ARGS = `--expose-gc --import ${join(import.meta.dirname, 'heap-probe.mjs')} ${process.env.SERVER_NODE_ARGS ?? ''}`;

async function memoryAfterGc(pid: number): Promise<{ heapUsed: number; rss: number }> {
  const lines = () => (existsSync(heapProbeFile) ? readFileSync(heapProbeFile, 'utf8').trim().split('\n') : []);
  const seen = lines().length;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600 && lines().length === seen; i++) await new Promise((r) => setTimeout(r, 50));
  const last = lines()[seen];
  if (!last) throw new Error('the server did not answer the heap probe');
  return JSON.parse(last) as { heapUsed: number; rss: number };
}

/** CPU time (user + system) a process has used so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the file (utime, stime); the slice starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function openSocket(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Round-trip times of `count` messages, one at a time. */
async function roundTrips(ws: WebSocket, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        if (!data.toString().includes('"progress"')) return;
        ws.off('message', onMessage);
        resolve();
      };
      ws.on('message', onMessage);
      ws.send(String(i));
    });
    times.push(performance.now() - started);
  }
  return times;
}

/** Keep-alive connections, as a browser keeps them to the portal (and to a tool it calls directly). */
const clientAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/** `count` GETs one after another, over node:http (fetch's own scheduling added 2–4 ms to the p99 of both sides). */
async function timedGets(url: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const times: number[] = [];
  const target = new URL(url);
  const sent = { 'accept-encoding': 'gzip, deflate, br', ...headers };
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpGet(
        { host: target.hostname, port: target.port, path: target.pathname, headers: sent, agent: clientAgent },
        (res) => {
          res.on('data', () => {}).on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    times.push(performance.now() - started);
  }
  return times;
}

function report(label: string, direct: number[], proxied: number[]) {
  if (process.env.BENCH_SHAPE) {
    for (const p of [50, 90, 95, 98, 99, 99.5, 99.9])
      console.log(`  p${p}: direct ${ms(percentile(direct, p))} proxied ${ms(percentile(proxied, p))}`);
  }
  const d50 = percentile(direct, 50);
  const d99 = percentile(direct, 99);
  const p50 = percentile(proxied, 50);
  const p99 = percentile(proxied, 99);
  console.log(
    `${label}: direct p50 ${ms(d50)} p99 ${ms(d99)} | proxied p50 ${ms(p50)} p99 ${ms(p99)} | overhead p50 +${ms(p50 - d50)} p99 +${ms(p99 - d99)}`,
  );
}

/**
 * The floor on this machine: a bare node:http proxy (no checks, headers as they come) in a process
 * of its own, measured beside the portal. What any proxy process adds (two more hops and one more
 * process to schedule) is in its numbers; the portal's own cost is what it adds beyond them.
 */
const BARE_PROXY = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
const server = http.createServer((req, res) => {
  const path = req.url.replace('/embedded/comfyui', '');
  http.request({ host: '127.0.0.1', port: process.argv[1], path, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  }).end();
}).listen(0, '127.0.0.1', () => process.send(server.address().port));`;
const bareProxy = spawn(process.execPath, ['-e', BARE_PROXY, String((tool.address() as AddressInfo).port)], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const bareUrl = `http://127.0.0.1:${await new Promise<number>((resolve) => bareProxy.once('message', (port) => resolve(Number(port))))}`;

const portal = await startPortal({ PORTAL_CONFIG: configPath, HEAP_PROBE_FILE: heapProbeFile });
try {
  const login = await signInOverHttp(portal.baseUrl, 'staff', 'staff123');
  const codeRes = await fetch(`${portal.baseUrl}/api/designer/sdwebui/getSDWebUICode`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.access_token.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ app_key: 'comfyui' }),
  });
  const { data } = (await codeRes.json()) as { data: { embed_url: string } };
  const entered = await fetch(`${portal.baseUrl}${data.embed_url}`, { redirect: 'manual' });
  const cookie = entered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const headers = { cookie };
  // The prompt the progress messages are about is the user's own: the filter lets them through.
  await fetch(`${portal.baseUrl}/embedded/comfyui/prompt`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: {}, client_id: 'bench' }),
  });

  // Warm both paths up (connections, JIT, the rights cache), then interleave so drift hits both alike.
  await timedGets(`${toolUrl}/object_info`, {}, 200);
  await timedGets(`${portal.baseUrl}/embedded/comfyui/object_info`, headers, 200);
  await timedGets(`${bareUrl}/embedded/comfyui/object_info`, {}, 200);
  const direct: number[] = [];
  const proxied: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < requests / 100; i++) {
    direct.push(...(await timedGets(`${toolUrl}/object_info`, {}, 100)));
    proxied.push(...(await timedGets(`${portal.baseUrl}/embedded/comfyui/object_info`, headers, 100)));
    bare.push(...(await timedGets(`${bareUrl}/embedded/comfyui/object_info`, {}, 100)));
  }
  report(`HTTP GET (${requests} requests each)`, direct, proxied);
  report(`  floor: a bare node:http proxy, same requests`, direct, bare);
  // The portal's own CPU time per proxied request (user + system, from /proc): unlike the
  // latencies it hardly depends on what else the machine is running.
  const cpuBefore = cpuMsOf(portal.pid);
  await timedGets(`${portal.baseUrl}/embedded/comfyui/object_info`, headers, requests);
  const cpuPerRequest = (cpuMsOf(portal.pid) - cpuBefore) / requests;
  console.log(`portal CPU per proxied request: ${ms(cpuPerRequest)} (${requests} requests)`);

  const wsBase = portal.baseUrl.replace('http', 'ws');
  const directSocket = await openSocket(`${toolUrl.replace('http', 'ws')}/ws?clientId=direct`);
  const proxiedSocket = await openSocket(`${wsBase}/embedded/comfyui/ws?clientId=bench`, headers);
  await roundTrips(directSocket, 200);
  await roundTrips(proxiedSocket, 200);
  const wsDirect: number[] = [];
  const wsProxied: number[] = [];
  for (let i = 0; i < messages / 100; i++) {
    wsDirect.push(...(await roundTrips(directSocket, 100)));
    wsProxied.push(...(await roundTrips(proxiedSocket, 100)));
  }
  report(`WebSocket round trip (${messages} messages each)`, wsDirect, wsProxied);
  directSocket.close();
  proxiedSocket.close();

  await new Promise((r) => setTimeout(r, 500));
  const before = await memoryAfterGc(portal.pid);
  const open: WebSocket[] = [];
  for (let i = 0; i < socketCount; i++) {
    open.push(await openSocket(`${wsBase}/embedded/comfyui/ws?clientId=s${i}`, headers));
  }
  await roundTrips(open[open.length - 1]!, 10);
  const after = await memoryAfterGc(portal.pid);
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `${socketCount} open proxied WebSockets (each a browser side and a tool side): JS heap +${kib((after.heapUsed - before.heapUsed) / socketCount)} KiB per socket, ` +
      `RSS +${kib((after.rss - before.rss) / socketCount)} KiB per socket (heap ${kib(before.heapUsed / 1024)} → ${kib(after.heapUsed / 1024)} MiB, RSS ${kib(before.rss / 1024)} → ${kib(after.rss / 1024)} MiB)`,
  );
  for (const ws of open) ws.close();
} finally {
  await portal.stop();
  bareProxy.kill();
  wss.close();
  tool.close();
}
