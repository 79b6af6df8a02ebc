import type { TemperatureRange } from '@portal/contract';
import { clampTemperature } from '../utils/temperature';

interface TemperatureInputProps {
  range: TemperatureRange;
  value: number;
  disabled?: boolean;
  onChange(value: number): void;
}

/**
 * 温度 as a slider over the module's range and step (spec section 9: 0–2 by 0.1 for ChatGPT, 0.05–1
 * by 0.05 for DeepSeek) with its value beside it: a value outside the range cannot be chosen, so
 * none is silently changed. Arrow keys move it one step, Home/End to the ends.
 */
export function TemperatureInput({ range, value, disabled, onChange }: TemperatureInputProps) {
  return (
    <span className="chat-temperature">
      <input
        type="range"
        className="chat-temperature-slider"
        aria-label="温度"
        aria-valuetext={String(value)}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(clampTemperature(Number(e.target.value), range))}
      />
      <output className="chat-temperature-value" aria-hidden>
        {value}
      </output>
    </span>
  );
}
