import type { TemperatureRange } from '@portal/contract';

/** Onto the module's range and step grid, without floating-point tails (0.30000000000000004). */
export function clampTemperature(value: number, range: TemperatureRange): number {
  const bounded = Math.min(range.max, Math.max(range.min, value));
  const steps = Math.round((bounded - range.min) / range.step);
  const decimals = (String(range.step).split('.')[1] ?? '').length;
  return Number(Math.min(range.max, range.min + steps * range.step).toFixed(decimals));
}
