import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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

/**
 * A compact menu picker for a handful of fixed options, opening upwards from under the question
 * box. Plain elements rather than antd Dropdown, which brings menu, motion and popup code into
 * every chat screen's first load. Esc, a click elsewhere or a choice closes it; arrows move.
 */
export function OptionPicker<T extends string | number | boolean>({
  label,
  value,
  options,
  onChange,
  disabled,
  testId,
}: OptionPickerProps<T>) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const current = options.find((o) => o.value === value) ?? options[0];

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[aria-checked="true"], [role="menuitemradio"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]'));
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <span ref={root} className="chat-picker-root">
      <button
        ref={trigger}
        type="button"
        className="chat-picker"
        aria-label={`${label}：${current?.label ?? ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        data-testid={testId}
        onClick={() => setOpen(!open)}
      >
        <span>{current?.label}</span>
        <DownOutlined />
      </button>
      {open ? (
        <div id={menuId} className="chat-picker-menu" role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {options.map((option) => (
            <button
              key={String(option.value)}
              type="button"
              role="menuitemradio"
              aria-checked={option.value === value}
              className="chat-picker-option"
              onClick={() => {
                onChange(option.value);
                close();
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
