import { formatRedCount, redSentimentLabels, type RedSentiment } from '@portal/contract';

/** Section 9: over 10,000 in 万, over 100,000,000 in 亿. */
export const formatCount = formatRedCount;

export const sentimentColors: Readonly<Record<RedSentiment, string>> = {
  positive: '#52c41a',
  neutral: '#bfbfbf',
  negative: '#ff4d4f',
};

export const sentimentTagColor: Readonly<Record<RedSentiment, string>> = {
  positive: 'success',
  neutral: 'default',
  negative: 'error',
};

export { redSentimentLabels };

/** "2026-05-01T08:00:00Z" → "05-01 16:00" in China time. */
export function formatTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3_600_000);
  return d.toISOString().slice(5, 16).replace('T', ' ');
}

export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '0%';
}
