import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeComfy } from '../apps/server/test/embedded/fake-tools';
import { BROWSER_WAIT_MS, launchBrowser, newContext, PHONE, submitProviderLogin } from './browser';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * The real ComfyUI frontend behind the portal's proxy, under `/embedded/comfyui/`. Its code is
 * not part of the project (GPL-3.0, and CI has no network to fetch it): point COMFY_FRONTEND_DIR
 * at the `static` folder of an installed `comfyui-frontend-package` to run this file; without it
 * the file is skipped. The fake ComfyUI serves that build and answers its API.
 */
const frontendDir = process.env.COMFY_FRONTEND_DIR;
const shots = join(import.meta.dirname, 'artifacts');

interface FrameLog {
  /** Requests the tool's frame sent: method, address and the answer's status (0: none). */
  requests: Array<{ method: string; url: string; status: number }>;
}

/** The tool's own API object, as the frontend exposes it on `window.app`. */
interface ComfyWindow {
  app?: {
    api: EventTarget & {
      socket?: WebSocket | null;
      queuePrompt: (number: number, data: unknown) => Promise<{ prompt_id: string }>;
    };
  };
  heard?: string[];
}

let browser: Browser;
let comfy: FakeComfy;
let portal: RunningPortal;

async function openTool(
  login: string,
  password: string,
  width = 1280,
): Promise<{ page: Page; tool: Frame; log: FrameLog }> {
  const context = await newContext(browser, {
    baseURL: portal.baseUrl,
    locale: 'zh-CN',
    ...(width === 1280 ? { viewport: { width, height: 800 } } : PHONE),
  });
  const page = await context.newPage();
  const log: FrameLog = { requests: [] };
  page.on('requestfinished', async (request) => {
    if (request.frame().url().includes('/embedded/'))
      log.requests.push({
        method: request.method(),
        url: request.url(),
        status: (await request.response())?.status() ?? 0,
      });
  });
  await page.goto('/comfyui');
  await submitProviderLogin(page, login, password);
  await page.locator('iframe.embedded-frame').waitFor();
  const tool = (await (await page.locator('iframe.embedded-frame').elementHandle())?.contentFrame()) as Frame;
  // Started: the app object exists and its socket through the proxy is open.
  await tool.waitForFunction(() => (window as ComfyWindow).app?.api.socket?.readyState === 1, null, {
    timeout: BROWSER_WAIT_MS,
  });
  // Every message about a prompt that reaches this tab's frontend.
  await tool.evaluate(() => {
    const w = window as ComfyWindow;
    w.heard = [];
    for (const type of ['execution_start', 'progress', 'executed', 'execution_success'])
      w.app?.api.addEventListener(type, (e) =>
        w.heard?.push(`${type} ${(e as CustomEvent<{ prompt_id?: string }>).detail.prompt_id}`),
      );
  });
  return { page, tool, log };
}

beforeAll(async () => {
  if (!frontendDir) return;
  mkdirSync(shots, { recursive: true });
  comfy = await new FakeComfy(resolve(frontendDir)).start();
  comfy.autoRun = true;
  const config = JSON.parse(readFileSync(resolve(import.meta.dirname, '../portal.config.example.json'), 'utf8')) as {
    embedded?: Record<string, unknown>;
  };
  config.embedded = { comfyui: { url: comfy.url } };
  const file = join(tmpdir(), `portal-comfy-frontend-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(config));
  portal = await startPortal({ PORTAL_CONFIG: file });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await comfy?.close();
});

describe.skipIf(!frontendDir)('the real ComfyUI frontend inside the portal', () => {
  it('starts under the sub-path, runs a prompt for its user and shows nothing of it to another', async () => {
    const admin = await openTool('admin', 'admin123');
    const staff = await openTool('staff', 'staff123');

    // Everything the frontend asked for stayed under the proxy's path, and every refusal came
    // from the tool itself (a request the proxy refused never reached the fake).
    const base = `${portal.baseUrl}/embedded/comfyui/`;
    const sameOrigin = admin.log.requests.filter((r) => r.url.startsWith(portal.baseUrl));
    expect(sameOrigin.length).toBeGreaterThan(20);
    expect(sameOrigin.filter((r) => !r.url.startsWith(base))).toEqual([]);
    const reachedTool = new Set(comfy.seen.map((s) => `${s.method} ${s.url}`));
    const refusedByProxy = sameOrigin.filter(
      (r) => r.status >= 400 && !reachedTool.has(`${r.method} ${r.url.slice(base.length - 1)}`),
    );
    expect(refusedByProxy).toEqual([]);

    const queued = await admin.tool.evaluate(() =>
      (window as ComfyWindow).app?.api.queuePrompt(0, {
        output: { '9': { class_type: 'SaveImage', inputs: {} } },
        workflow: { nodes: [], links: [] },
      }),
    );
    const id = queued?.prompt_id ?? '';
    await admin.tool.waitForFunction(
      (done) => (window as ComfyWindow).heard?.includes(done),
      `execution_success ${id}`,
      {
        timeout: BROWSER_WAIT_MS,
      },
    );
    const adminHeard = await admin.tool.evaluate(() => (window as ComfyWindow).heard);
    expect(adminHeard).toEqual(expect.arrayContaining([`progress ${id}`, `executed ${id}`]));

    const output = `api/view?filename=out-${id}.png&type=output&subfolder=`;
    const read = (tool: Frame) =>
      tool.evaluate(async (view) => {
        const jobs = (await (await fetch('api/jobs?status=completed&limit=64&offset=0')).json()) as { jobs: unknown[] };
        return { view: (await fetch(view)).status, jobs: jobs.jobs.length, heard: (window as ComfyWindow).heard };
      }, output);
    expect(await read(admin.tool)).toMatchObject({ view: 200, jobs: 1 });
    expect(await read(staff.tool)).toEqual({ view: 404, jobs: 0, heard: [] });

    // The tool got the user's own client id and never the portal's cookie or token.
    const prompt = comfy.seen.find((s) => s.method === 'POST' && s.url.endsWith('/prompt'));
    expect(JSON.parse(prompt?.body ?? '{}').client_id).toMatch(/^p\d+-/);
    expect(comfy.seen.every((s) => !s.headers.cookie && !s.headers.authorization)).toBe(true);
    await admin.page.screenshot({ path: join(shots, 'comfy-frontend-1280.png') });
    await admin.page.context().close();
    await staff.page.context().close();
  });

  it('opens on a phone', async () => {
    const phone = await openTool('staff', 'staff123', PHONE.viewport.width);
    await phone.page.screenshot({ path: join(shots, 'comfy-frontend-390.png') });
    await phone.page.context().close();
  });
});
