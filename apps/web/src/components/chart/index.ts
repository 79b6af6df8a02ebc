export { EChart, type EChartProps } from './echart';
export type { EChartsCoreOption } from './echarts';
