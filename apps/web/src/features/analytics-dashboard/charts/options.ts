import { formatCount } from '../utils/format';
import type { EChartsCoreOption } from '../../../components/chart';

const grid = { left: 48, right: 24, top: 32, bottom: 40 };
const countAxis = { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatCount(v) } };

export function lineOption(days: string[], series: Array<{ name: string; data: number[] }>): EChartsCoreOption {
  return {
    grid,
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    xAxis: { type: 'category', data: days },
    yAxis: countAxis,
    series: series.map((s) => ({ type: 'line', smooth: true, name: s.name, data: s.data })),
  };
}

/** A bar per category; categories are app keys so a click names the app. */
export function barOption(
  categories: string[],
  labels: string[],
  name: string,
  data: number[],
  format: (v: number) => string = formatCount,
): EChartsCoreOption {
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: {
        interval: 0,
        rotate: categories.length > 6 ? 30 : 0,
        formatter: (_: string, i: number) => labels[i] ?? '',
      },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
    series: [{ type: 'bar', name, data, barMaxWidth: 36, cursor: 'pointer' }],
  };
}

export function rateOption(days: string[], rates: number[]): EChartsCoreOption {
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Number((v * 100).toFixed(2))}%` },
    xAxis: { type: 'category', data: days },
    yAxis: { type: 'value', min: 0, axisLabel: { formatter: (v: number) => `${Number((v * 100).toFixed(1))}%` } },
    series: [{ type: 'line', name: '错误率', data: rates, areaStyle: { opacity: 0.15 } }],
  };
}
