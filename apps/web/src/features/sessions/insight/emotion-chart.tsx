import { useMemo } from 'react';
import { formatCount, type EmotionShare } from '@portal/contract';
import { EChart, type EChartsCoreOption } from '../../../components/chart';

const HEIGHT = 260;

/** Emotion shares as a ring; the tooltip gives the voice count (万/亿 per section 9) and the share. */
export default function EmotionChart({ emotions }: { emotions: EmotionShare[] }) {
  const option = useMemo((): EChartsCoreOption => {
    const shares = new Map(emotions.map((e) => [e.label, Math.round(e.share * 100)]));
    return {
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number; percent: number }) =>
          `${p.name}：${formatCount(p.value)} 条（${p.percent}%）`,
      },
      // Names and shares in the legend: outer labels get cut off on a phone-wide chart. It stands
      // in a column beside the ring, where all nine emotions fit: below it, a phone had room for
      // two and a half before the pager, the third cut in the middle of its name.
      legend: {
        type: 'scroll',
        orient: 'vertical',
        left: '64%',
        top: 'middle',
        formatter: (name: string) => `${name} ${shares.get(name) ?? 0}%`,
      },
      series: [
        {
          type: 'pie',
          radius: ['36%', '62%'],
          center: ['35%', '50%'],
          percentPrecision: 0,
          label: { show: false },
          data: emotions.map((e) => ({ name: e.label, value: e.count })),
        },
      ],
    };
  }, [emotions]);

  const text = emotions.map((e) => `${e.label} ${Math.round(e.share * 100)}%`).join('，');
  return <EChart option={option} height={HEIGHT} label={`情绪分布：${text}`} />;
}
