import { analyticsLimits, type CustomParamValue } from '@portal/contract';

export const clip = (value: unknown, max: number): string => (value == null ? '' : String(value)).slice(0, max);

export const clipNullable = (value: unknown, max: number): string | null =>
  value == null || value === '' ? null : clip(value, max);

/** Non-negative integer within `max`; anything unusable becomes 0. */
export function whole(value: unknown, max: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0;
  return Math.min(Math.max(n, 0), max);
}

function paramValue(value: unknown): CustomParamValue | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return clip(value, analyticsLimits.customParamValueLength);
  try {
    return clip(JSON.stringify(value), analyticsLimits.customParamValueLength);
  } catch {
    return clip(Object.prototype.toString.call(value), analyticsLimits.customParamValueLength);
  }
}

/** Flattens custom params to the bounded scalar map the contract accepts. */
export function clipParams(params: unknown): Record<string, CustomParamValue> {
  const out: Record<string, CustomParamValue> = {};
  if (!params || typeof params !== 'object') return out;
  let kept = 0;
  for (const [key, raw] of Object.entries(params)) {
    if (kept >= analyticsLimits.customParamCount) break;
    const value = paramValue(raw);
    if (value === undefined) continue;
    out[clip(key, analyticsLimits.customParamKeyLength)] = value;
    kept++;
  }
  return out;
}
