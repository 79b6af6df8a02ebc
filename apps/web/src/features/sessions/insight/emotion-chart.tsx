import { useEffect, useRef } from 'react';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { formatCount, type EmotionShare } from '@portal/contract';

// Only the pie this chart draws, so its lazy chunk stays small.
echarts.use([PieChart, TooltipComponent, LegendComponent, SVGRenderer]);

const HEIGHT = 260;

/** Emotion shares as a ring; the tooltip gives the voice count (万/亿 per section 9) and the share. */
export default function EmotionChart({ emotions }: { emotions: EmotionShare[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | undefined>(undefined);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const shares = new Map(emotions.map((e) => [e.label, Math.round(e.share * 100)]));
    const option = {
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number; percent: number }) =>
          `${p.name}：${formatCount(p.value)} 条（${p.percent}%）`,
      },
      // Names and shares in the legend: outer labels get cut off on a phone-wide chart.
      legend: {
        bottom: 0,
        type: 'scroll',
        formatter: (name: string) => `${name} ${shares.get(name) ?? 0}%`,
      },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '44%'],
          percentPrecision: 0,
          label: { show: false },
          data: emotions.map((e) => ({ name: e.label, value: e.count })),
        },
      ],
    };
    const start = () => {
      if (chartRef.current || el.clientWidth === 0) return;
      chartRef.current = echarts.init(el, null, { renderer: 'svg', height: HEIGHT });
      chartRef.current.setOption(option);
    };
    chartRef.current?.setOption(option, true);
    const observer = new ResizeObserver(() => (chartRef.current ? chartRef.current.resize() : start()));
    observer.observe(el);
    start();
    return () => observer.disconnect();
  }, [emotions]);

  useEffect(
    () => () => {
      chartRef.current?.dispose();
      chartRef.current = undefined;
    },
    [],
  );

  const text = emotions.map((e) => `${e.label} ${Math.round(e.share * 100)}%`).join('，');
  return <div ref={ref} role="img" aria-label={`情绪分布：${text}`} style={{ width: '100%', height: HEIGHT }} />;
}
