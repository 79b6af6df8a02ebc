import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, submitProviderLogin } from './browser';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * 申请权限 end to end: staff asks for deepseek from /landing, an administrator approves it in the
 * console, and staff opens deepseek without signing in again. Its own portal, because approving
 * changes staff's rights, which other suites rely on.
 */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('access requests in the browser', { timeout: 180_000 }, () => {
  it('staff requests deepseek, an administrator approves, staff opens it without signing in again', async () => {
    const staff = await newPage(browser, portal.baseUrl);
    await staff.page.goto('/home');
    await submitProviderLogin(staff.page, 'staff', 'staff123');
    await staff.page.waitForSelector('[data-testid="app-card"]');
    await staff.page.locator('[data-testid="app-card"][data-app-key="deepseek"]').first().click();
    await staff.page.waitForURL('**/landing?**');
    await staff.page.getByRole('button', { name: '申请权限' }).click();
    await staff.page.getByLabel('申请理由').fill('需要用 DeepSeek 写周报');
    await staff.page.getByRole('button', { name: '提交申请' }).click();
    await staff.page.getByText('已申请「DeepSeek」，等待管理员处理').waitFor({ timeout: 30_000 });

    const admin = await newPage(browser, portal.baseUrl);
    await admin.page.goto('/admin?tab=requests');
    await submitProviderLogin(admin.page, 'admin', 'admin123');
    const row = admin.page.locator('tr', { hasText: '需要用 DeepSeek 写周报' });
    await row.waitFor({ timeout: 30_000 });
    const approved = admin.page.waitForResponse(
      (r) => r.url().includes('/api/admin/access-requests/approve') && r.ok(),
    );
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await approved;
    await admin.context.close();

    // Staff's next call answers 1004; the page takes the new rights and reloads — no sign-in.
    await staff.page.reload();
    await staff.page.getByRole('button', { name: /确\s*定/ }).click({ timeout: 30_000 });
    const open = staff.page.getByRole('button', { name: '已获得权限，打开「DeepSeek」' });
    await open.waitFor({ timeout: 30_000 });
    const models = staff.page.waitForResponse((r) => r.url().includes('/api/deepseek/') && r.status() === 200, {
      timeout: 30_000,
    });
    await open.click();
    await staff.page.waitForURL((url) => url.pathname.startsWith('/deepseek'));
    await models;
    expect(new URL(staff.page.url()).pathname.startsWith('/oidc')).toBe(false);
    await staff.context.close();
  });
});
