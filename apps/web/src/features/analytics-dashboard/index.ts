/** Loaded only by the lazy /admin route; echarts stays in that chunk. */
export { default as AnalyticsDashboardPage } from './components/analytics-dashboard-page';
