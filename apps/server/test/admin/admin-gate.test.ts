import { ErrorCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAdminPath } from '../../src/plugins/auth';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';

/**
 * Every registered route as method and path, read from the router's own listing: a tree in which
 * a line's depth is its indentation and its text continues its parent's path.
 */
function registeredRoutes(t: TestApp): Array<{ method: string; url: string }> {
  const listing = t.app.printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of listing.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(\S*)(?: \(([A-Z, ]+)\))?/.exec(line.slice(branch + 4));
    const url = (parents[depth - 1] ?? '') + (match?.[1] ?? '');
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match?.[2]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

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
    const adminRoutes = registeredRoutes(t).filter((r) => isAdminPath(r.url));
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
