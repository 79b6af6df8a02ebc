import { ErrorCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAdminPath } from '../../src/plugins/auth';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';

describe('admin paths: one gate for all of them', () => {
  let t: TestApp;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await tokenFor(t, 'staff');
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('recognises the portal area and modules’ own admin areas, and nothing else', () => {
    expect(isAdminPath('/api/admin/apps')).toBe(true);
    expect(isAdminPath('/api/ADMIN/apps')).toBe(true);
    expect(isAdminPath('/api/analytics/admin/overview')).toBe(true);
    expect(isAdminPath('/api/report/admin/category/create')).toBe(true);
    expect(isAdminPath('/api/user/info')).toBe(false);
    expect(isAdminPath('/api/chatgpt/conversation/list')).toBe(false);
  });

  it('answers 403 to staff on every registered admin route, before any handler runs', async () => {
    const adminRoutes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && isAdminPath(r.url));
    // The console, quotas, person usage, app icons, analytics and report management at least.
    expect(adminRoutes.length).toBeGreaterThan(30);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:[^/]+/g, 'x');
      const res = await api(t, staff, {
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect({ route: `${route.method} ${url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${url}`,
        status: 403,
      });
      expect(body(res).code).toBe(ErrorCode.forbidden);
    }
  });

  it('lets administrators through the same gate', async () => {
    const res = await api(t, admin, { method: 'GET', url: '/api/admin/apps' });
    expect(res.statusCode).toBe(200);
  });
});
