import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { redirectTo } from '../../lib/redirect-route';

/**
 * The route handle fields the app reads (name, title, hideTabs: app/route-handle.ts); written out
 * here because a feature does not import from app/.
 */
interface RedRouteHandle {
  name: string;
  title?: string;
  hideTabs?: boolean;
}

const page = (load: () => Promise<{ default: ComponentType }>) => () => load().then((m) => ({ Component: m.default }));

const insight = page(() => import('./pages/insight-page'));
const collection = page(() => import('./pages/collection-page'));
const topics = page(() => import('./pages/topics-page'));
const detail = page(() => import('./pages/detail-page'));
const pdftest = page(() => import('./pages/report-page'));
const importNotes = page(() => import('./pages/import-page'));

/** 社媒洞察 (red): its tabs and pages, as the spec routes them; every page a lazy chunk. */
export const redRoutes = (): RouteObject => ({
  path: 'red',
  handle: { name: 'red' } satisfies RedRouteHandle,
  lazy: page(() => import('./components/red-layout')),
  children: [
    { index: true, ...redirectTo('/red/overview') },
    {
      path: 'overview',
      handle: { name: 'red-overview', title: '订阅品类洞察' } satisfies RedRouteHandle,
      children: [
        { index: true, ...redirectTo('/red/overview/insight') },
        {
          path: 'insight',
          handle: { name: 'red-overview-insight', title: '订阅品类洞察' } satisfies RedRouteHandle,
          lazy: insight,
        },
        {
          path: 'collection',
          handle: { name: 'red-overview-collection', title: '订阅品类洞察' } satisfies RedRouteHandle,
          lazy: collection,
        },
      ],
    },
    {
      path: 'top',
      handle: { name: 'red-top', title: '平台热点话题' } satisfies RedRouteHandle,
      children: [
        { index: true, ...redirectTo('/red/top/hot') },
        { path: 'hot', handle: { name: 'red-top-hot', title: '平台热点话题' } satisfies RedRouteHandle, lazy: topics },
        {
          path: 'newest',
          handle: { name: 'red-top-newest', title: '平台热点话题' } satisfies RedRouteHandle,
          lazy: topics,
        },
      ],
    },
    { path: 'pdftest', handle: { name: 'red-pdftest', title: '洞察报告' } satisfies RedRouteHandle, lazy: pdftest },
    {
      path: 'import',
      handle: { name: 'red-import', title: '导入笔记' } satisfies RedRouteHandle,
      lazy: importNotes,
    },
    {
      path: 'detail',
      handle: { name: 'red-detail', title: '笔记详情', hideTabs: true } satisfies RedRouteHandle,
      lazy: detail,
    },
  ],
});
