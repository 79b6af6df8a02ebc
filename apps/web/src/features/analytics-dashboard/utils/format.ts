import { formatCount } from '@portal/contract';

export { formatCount };

/** Durations as people read them: 850 毫秒, 12.5 秒, 3.2 分钟, 1.5 小时. */
export function formatDuration(ms: number): string {
  const one = (v: number) => String(Number(v.toFixed(1)));
  if (ms < 1000) return `${Math.round(ms)} 毫秒`;
  if (ms < 60_000) return `${one(ms / 1000)} 秒`;
  if (ms < 3_600_000) return `${one(ms / 60_000)} 分钟`;
  return `${one(ms / 3_600_000)} 小时`;
}

export function formatRate(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

export function formatTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
