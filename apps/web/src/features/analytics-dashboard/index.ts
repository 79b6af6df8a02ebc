/** Lazy-load with `lazy(() => import('./features/analytics-dashboard'))`; echarts stays in this chunk. */
export { default } from './components/analytics-dashboard-page';
export { default as AnalyticsDashboardPage } from './components/analytics-dashboard-page';
