import type { PickerOption } from './option-picker';

interface OptionListProps<T extends string | number | boolean> {
  label: string;
  value: T;
  options: readonly PickerOption<T>[];
  onChange(value: T): void;
  disabled?: boolean;
  testId?: string;
}

/** The options of a setting as a row of large radio chips, for the phone's settings sheet. */
export function OptionList<T extends string | number | boolean>({
  label,
  value,
  options,
  onChange,
  disabled,
  testId,
}: OptionListProps<T>) {
  return (
    <div className="chat-sheet-field">
      <div className="chat-sheet-label" id={testId ? `${testId}-label` : undefined}>
        {label}
      </div>
      <div className="chat-option-list" role="radiogroup" aria-label={label} data-testid={testId}>
        {options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            role="radio"
            aria-checked={option.value === value}
            className="chat-option"
            disabled={disabled}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
