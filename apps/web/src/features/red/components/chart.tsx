import { useEffect, useRef } from 'react';
import { echarts, type EChartsCoreOption } from './echarts';

export interface ChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** Read by screen readers in place of the drawing. */
  label: string;
}

/**
 * One echarts instance per element, started once the element has a width and resized with it;
 * animations are off so a printed report shows the finished drawing.
 */
export function Chart({ option, height = 260, label }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | undefined>(undefined);
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const start = () => {
      if (chartRef.current || el.clientWidth === 0) return;
      const chart = echarts.init(el, null, { renderer: 'svg', height });
      chart.setOption({ animation: false, ...optionRef.current });
      chartRef.current = chart;
    };
    const observer = new ResizeObserver(() => (chartRef.current ? chartRef.current.resize() : start()));
    observer.observe(el);
    start();
    return () => {
      observer.disconnect();
      chartRef.current?.dispose();
      chartRef.current = undefined;
    };
  }, [height]);

  useEffect(() => {
    chartRef.current?.setOption({ animation: false, ...option }, true);
  }, [option]);

  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
