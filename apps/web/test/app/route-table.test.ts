import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { buildRouteTable } from '../../src/app/router';
import { appRoutes } from '../../src/app/routes';
import { isKnownRoute } from '../../src/lib/route-registry';

const table = buildRouteTable();
const known = (path: string) => isKnownRoute(path, table);

describe('route table', () => {
  it.each([
    '/',
    '/home',
    '/landing',
    '/login',
    '/preview',
    '/dev',
    '/prompt',
    '/admin',
    '/chatgpt/welcome',
    '/chatgpt/session',
    '/deepseek/session',
    '/metaso/welcome',
    '/addbg/workbench',
    '/addbg/welcome',
    '/red/overview/insight',
    '/red/overview/collection',
    '/red/top/hot',
    '/red/top/newest',
    '/red/pdftest',
    '/red/detail',
    '/brainstorm/session',
    '/insight/welcome',
    '/pdf/session',
    '/report/session',
    '/marketing/welcome',
    '/stablediffusion',
    '/comfyui',
  ])('knows %s', (path) => expect(known(path)).toBe(true));

  it('does not count the catch-all as known', () => {
    expect(known('/unknown/page')).toBe(false);
  });

  it('every route that only redirects renders something, so React Router does not warn of an empty leaf', () => {
    const bare: string[] = [];
    const walk = (routes: RouteObject[], at: string) => {
      for (const r of routes) {
        const where = `${at}/${r.path ?? (r.index ? '(index)' : '')}`;
        if (!r.children?.length && !r.Component && !r.element && !r.lazy) bare.push(where);
        if (r.children) walk(r.children, where);
      }
    };
    walk(appRoutes, '');
    expect(bare).toEqual([]);
  });
});
