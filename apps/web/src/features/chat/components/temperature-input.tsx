import { useEffect, useState } from 'react';
import type { TemperatureRange } from '@portal/contract';

interface TemperatureInputProps {
  range: TemperatureRange;
  value: number;
  disabled?: boolean;
  onChange(value: number): void;
}

/** 温度: a number field with the module's bounds and step; a typed value is clamped on blur or Enter. */
export function TemperatureInput({ range, value, disabled, onChange }: TemperatureInputProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const commit = () => {
    const parsed = Number.parseFloat(text);
    if (Number.isFinite(parsed)) onChange(parsed);
    else setText(String(value));
  };

  return (
    <input
      type="number"
      className="chat-temperature"
      aria-label="温度"
      min={range.min}
      max={range.max}
      step={range.step}
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        // Arrow keys and spinner clicks stay within the bounds; apply those at once.
        const parsed = Number.parseFloat(e.target.value);
        if (Number.isFinite(parsed) && parsed >= range.min && parsed <= range.max) onChange(parsed);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
