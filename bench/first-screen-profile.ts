/**
 * Where the main thread's time goes on a cold, signed-in load of `/home` and `/chatgpt/welcome`
 * under 4× CPU throttling (no network throttling: the question is the CPU work, not the bytes).
 * Records a CPU profile (CDP Profiler) and the page's long tasks, then prints
 * - the long tasks the page saw (start, duration);
 * - each busy stretch of 50 ms or more in the profile (runs of samples that are not idle, which
 *   match the long tasks) with its self time by script and by function, and with INCLUSIVE=n the
 *   n functions with the most time on the stack (React components, hooks, router calls);
 * - self time by script and by function over the whole load.
 * Build with `npx vite build --minify false` in apps/web for readable function names.
 * Times depend on the machine; compare builds in one sitting.
 *
 * Run: npm run build && [INCLUSIVE=40] node --import tsx bench/first-screen-profile.ts [path ...]
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { startPortal } from '../e2e/portal-server';
import { phonePage, signedInState, type StorageState } from './phone-page';

const CPU_SLOWDOWN = 4;
/** How long to keep recording after the load event: work deferred until then still counts. */
const SETTLE_MS = 3000;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/home', '/chatgpt/welcome'];

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface LongTask {
  start: number;
  duration: number;
}
declare global {
  interface Window {
    __longTasks?: LongTask[];
  }
}

/** A string, not a function: the TypeScript loader would add helpers the page does not have. */
const WATCHER = `(() => {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^$/, '(native)');
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;

async function profile(browser: Browser, baseUrl: string, state: StorageState, path: string) {
  const { context, page, cdp } = await phonePage(browser, baseUrl, state, WATCHER);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  const { profile: cpu } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const tasks = await page.evaluate(() => window.__longTasks ?? []);
  await context.close();

  const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of cpu.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // Sample timestamps in the profile clock (µs, monotonic).
  const stamps: number[] = [];
  let t = cpu.startTime;
  for (const delta of cpu.timeDeltas) stamps.push((t += delta));
  const selfMs = (from: number, to: number) => {
    const fn = new Map<string, number>();
    const script = new Map<string, number>();
    for (let i = 0; i < cpu.samples.length - 1; i++) {
      if (stamps[i]! < from || stamps[i]! >= to) continue;
      const node = byId.get(cpu.samples[i]!)!;
      const ms = (stamps[i + 1]! - stamps[i]!) / 1000;
      if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
      fn.set(label(node), (fn.get(label(node)) ?? 0) + ms);
      const s = shortUrl(node.callFrame.url) || `(${node.callFrame.functionName})`;
      script.set(s, (script.get(s) ?? 0) + ms);
    }
    return { fn, script };
  };
  /** Time with the function anywhere on the stack (each function once per sample). */
  const inclusiveMs = (from: number, to: number) => {
    const fn = new Map<string, number>();
    for (let i = 0; i < cpu.samples.length - 1; i++) {
      if (stamps[i]! < from || stamps[i]! >= to) continue;
      const ms = (stamps[i + 1]! - stamps[i]!) / 1000;
      const seen = new Set<string>();
      for (let id: number | undefined = cpu.samples[i]; id !== undefined; id = parentOf.get(id)) {
        const node = byId.get(id)!;
        if (node.callFrame.functionName === '(root)' || node.callFrame.functionName === '(idle)') continue;
        const key = label(node);
        if (seen.has(key)) continue;
        seen.add(key);
        fn.set(key, (fn.get(key) ?? 0) + ms);
      }
    }
    return fn;
  };
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');

  // Busy stretches in the profile: runs of samples that are not idle. They match the long tasks
  // closely and carry their own function breakdown.
  const stretches: { from: number; to: number }[] = [];
  let open: number | undefined;
  for (let i = 0; i < cpu.samples.length; i++) {
    const idle = byId.get(cpu.samples[i]!)!.callFrame.functionName === '(idle)';
    if (!idle && open === undefined) open = stamps[i]!;
    if (idle && open !== undefined) {
      stretches.push({ from: open, to: stamps[i]! });
      open = undefined;
    }
  }
  if (open !== undefined) stretches.push({ from: open, to: stamps.at(-1)! });
  const long = stretches.filter((s) => s.to - s.from >= 50_000);
  const t0 = stamps[0] ?? cpu.startTime;
  console.log(
    `\n== ${path}: ${tasks.length} long tasks, total ${tasks.reduce((a, b) => a + b.duration, 0).toFixed(0)} ms`,
  );
  console.log(
    `   blocking (sum of duration-50): ${tasks.reduce((a, b) => a + Math.max(0, b.duration - 50), 0).toFixed(0)} ms`,
  );
  for (const task of tasks) console.log(`   long task at ${task.start.toFixed(0)} ms: ${task.duration.toFixed(0)} ms`);
  for (const stretch of long) {
    const part = selfMs(stretch.from, stretch.to);
    console.log(
      `   busy stretch +${((stretch.from - t0) / 1000).toFixed(0)} ms, ${((stretch.to - stretch.from) / 1000).toFixed(0)} ms; by script:`,
    );
    console.log(top(part.script, 5));
    console.log('    by function (self):');
    console.log(top(part.fn, 12));
    if (process.env.INCLUSIVE) {
      console.log('    by function (inclusive):');
      console.log(top(inclusiveMs(stretch.from, stretch.to), Number(process.env.INCLUSIVE)));
    }
  }
  const whole = selfMs(-Infinity, Infinity);
  console.log('   self time by script (whole recording):');
  console.log(top(whole.script, 12));
  console.log('   self time by function (whole recording):');
  console.log(top(whole.fn, 25));
  return tasks;
}

const portal = await startPortal();
const browser = await launchBrowser();
try {
  const state = await signedInState(browser, portal.baseUrl);
  for (const path of paths) {
    await profile(browser, portal.baseUrl, state, path);
  }
} finally {
  await browser.close();
  await portal.stop();
}
