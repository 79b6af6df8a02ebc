import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, submitProviderLogin } from './browser';
import { startPortal, type RunningPortal } from './portal-server';
import { opened } from './opened';

/**
 * 申请权限 end to end: staff opens a forbidden app by its address (the guard decides before the
 * module asks anything), asks for it on /landing, an administrator approves it in another browser,
 * and staff's waiting page learns of it by itself within seconds and opens the app directly — no
 * reload, no 1004 dialog, no second landing. A refusal reaches the page the same way, with the
 * administrator's reason. Its own portal, because approving changes staff's rights, which other
 * suites rely on.
 */

const shots = process.env.SHOTS_DIR || join(import.meta.dirname, 'artifacts');
/** The page at 1280 px and at 390 px, then back. */
async function shootBoth(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  portal = await startPortal();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The page's API answers with HTTP 403, and the error toasts it showed. */
function watchRefusals(page: Page) {
  const forbidden: string[] = [];
  page.on('response', (r: Response) => {
    if (r.url().includes('/api/') && r.status() === 403) forbidden.push(r.url());
  });
  return forbidden;
}

async function signInAsAdmin(): Promise<Page> {
  const admin = await newPage(browser, portal.baseUrl);
  await admin.page.goto('/admin?tab=requests');
  await submitProviderLogin(admin.page, 'admin', 'admin123');
  return admin.page;
}

async function askFor(page: Page, appName: string, reason: string) {
  await page.getByRole('button', { name: '申请权限' }).click();
  await page.getByLabel('申请理由').fill(reason);
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.getByText(`已申请「${appName}」，等待管理员处理`).waitFor({ timeout: 30_000 });
}

describe('access requests in the browser', { timeout: 240_000 }, () => {
  it('a forbidden address lands without 403s or a toast; the grant reaches the waiting page and the app opens directly', async () => {
    const staff = await newPage(browser, portal.baseUrl);
    const forbidden = watchRefusals(staff.page);
    await staff.page.goto('/home');
    await submitProviderLogin(staff.page, 'staff', 'staff123');
    await staff.page.waitForSelector('[data-testid="app-card"]');

    // Point 5: by its address, the guard decides before the module's calls start.
    await staff.page.goto('/deepseek/welcome');
    await staff.page.waitForURL('**/landing?**');
    await staff.page.getByText('您暂无「DeepSeek」的使用权限，请联系管理员开通').waitFor();
    await staff.page.getByRole('button', { name: '申请权限' }).waitFor();
    expect(forbidden).toEqual([]);
    expect(await staff.page.locator('.ant-message-error').count()).toBe(0);

    await askFor(staff.page, 'DeepSeek', '需要用 DeepSeek 写周报');
    await shootBoth(staff.page, 'landing-waiting');

    const admin = await signInAsAdmin();
    const row = admin.locator('tr', { hasText: '需要用 DeepSeek 写周报' });
    await row.waitFor({ timeout: 30_000 });
    const approved = admin.waitForResponse((r) => r.url().includes('/api/admin/access-requests/approve') && r.ok());
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await approved;

    // Point 1: the waiting page learns of it by itself (it asks every 3 s), no reload, no dialog.
    const open = staff.page.getByRole('button', { name: '打开「DeepSeek」' });
    await open.waitFor({ timeout: 30_000 });
    await staff.page.getByText('您已获得「DeepSeek」的使用权限').waitFor();
    expect(await staff.page.getByText('用户权限更新，即将刷新页面').count()).toBe(0);
    await shootBoth(staff.page, 'landing-granted');
    const models = staff.page.waitForResponse((r) => r.url().includes('/api/deepseek/') && r.status() === 200, {
      timeout: 30_000,
    });
    await open.click();
    await staff.page.waitForURL((url) => url.pathname.startsWith('/deepseek'));
    await models;

    // Opening it again by its address goes straight in, even after a reload.
    await staff.page.goto('/deepseek/welcome');
    await staff.page.waitForTimeout(500);
    expect(new URL(staff.page.url()).pathname).toBe('/deepseek/welcome');
    expect(await staff.page.getByText('用户权限更新，即将刷新页面').count()).toBe(0);
    expect(await staff.page.getByText('您暂无「DeepSeek」的使用权限').count()).toBe(0);
    expect(forbidden).toEqual([]);

    // A refusal reaches the waiting page too, with the administrator's reason.
    await staff.page.goto('/addbg');
    await staff.page.waitForURL('**/landing?**');
    await askFor(staff.page, 'AI 商品图', '做海报');
    await admin.reload();
    const addbgRow = admin.locator('tr', { hasText: '做海报' });
    await addbgRow.waitFor({ timeout: 30_000 });
    await addbgRow.getByRole('button', { name: /拒\s*绝/ }).click();
    await admin.getByPlaceholder('拒绝理由（申请人可以看到）').fill('本季度名额已满');
    const denied = admin.waitForResponse((r) => r.url().includes('/api/admin/access-requests/deny') && r.ok());
    await (await opened(admin.locator('.ant-modal'))).getByRole('button', { name: /拒\s*绝/ }).click();
    await denied;
    await staff.page.getByText('申请未通过').waitFor({ timeout: 30_000 });
    await staff.page.getByText('原因：本季度名额已满').waitFor();
    await staff.page.getByRole('button', { name: '重新申请' }).waitFor();
    await shootBoth(staff.page, 'landing-denied');

    await admin.context().close();
    await staff.context.close();
  });
});
