import Dropdown from 'antd/es/dropdown';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';

export interface PickerOption<T extends string | number | boolean> {
  value: T;
  label: string;
}

interface OptionPickerProps<T extends string | number | boolean> {
  label: string;
  value: T;
  options: readonly PickerOption<T>[];
  onChange(value: T): void;
  disabled?: boolean;
  testId?: string;
}

/** A compact menu picker; lighter than a Select for a handful of fixed options. */
export function OptionPicker<T extends string | number | boolean>({
  label,
  value,
  options,
  onChange,
  disabled,
  testId,
}: OptionPickerProps<T>) {
  const current = options.find((o) => o.value === value) ?? options[0];
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [String(value)],
        items: options.map((o) => ({ key: String(o.value), label: o.label })),
        onClick: ({ key }) => {
          const picked = options.find((o) => String(o.value) === key);
          if (picked) onChange(picked.value);
        },
      }}
    >
      <button
        type="button"
        className="chat-picker"
        aria-label={`${label}：${current?.label ?? ''}`}
        disabled={disabled}
        data-testid={testId}
      >
        <span>{current?.label}</span>
        <DownOutlined />
      </button>
    </Dropdown>
  );
}
