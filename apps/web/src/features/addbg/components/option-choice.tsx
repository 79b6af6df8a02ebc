import type { AddbgOption } from '@portal/contract';
import { Radio } from 'antd';

/**
 * Options of an engine-backed list as radios: the unavailable ones stay listed, disabled, with the
 * server's reason (the engine they need) beside them.
 */
export function OptionChoice({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: AddbgOption[];
  value: string | null;
  onChange(id: string): void;
}) {
  return (
    <Radio.Group
      aria-label={label}
      className="ab-choice"
      value={value}
      onChange={(e) => onChange(e.target.value as string)}
      options={options.map((o) => ({
        value: o.id,
        disabled: !o.available,
        label: (
          <span>
            {o.name}
            {!o.available && o.reason && <span className="ab-muted ab-choice__reason">（不可用：{o.reason}）</span>}
          </span>
        ),
      }))}
    />
  );
}
