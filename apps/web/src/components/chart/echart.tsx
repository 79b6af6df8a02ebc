import { useEffect, useRef } from 'react';
import { echarts, type EChartsCoreOption } from './echarts';

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** Read by screen readers in place of the drawing. */
  label: string;
  /** Called with the category (x-axis value) of a clicked bar or point. */
  onItemClick?: (name: string) => void;
  /** Draws the finished chart at once (a printed report has no time for animations). */
  still?: boolean;
}

/**
 * One echarts instance per element. It starts once the element has a width (a chart created in a
 * hidden or still-animating container would draw at zero size) and follows later resizes.
 */
export function EChart({ option, height = 280, label, onItemClick, still = false }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | undefined>(undefined);
  const optionRef = useRef(option);
  const clickRef = useRef(onItemClick);
  const stillRef = useRef(still);
  optionRef.current = option;
  clickRef.current = onItemClick;
  stillRef.current = still;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const start = () => {
      if (chartRef.current || el.clientWidth === 0) return;
      const chart = echarts.init(el, null, { renderer: 'svg', height });
      chart.on('click', (params) => {
        if (typeof params.name === 'string') clickRef.current?.(params.name);
      });
      chart.setOption(stillRef.current ? { animation: false, ...optionRef.current } : optionRef.current);
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
    chartRef.current?.setOption(still ? { animation: false, ...option } : option, true);
  }, [option, still]);

  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
