import { CheckOutlined, RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Segmented, Slider, Space } from 'antd';

export type BrushMode = 'keep' | 'erase';
export const BRUSH_MIN = 4;
export const BRUSH_MAX = 160;

export interface BrushControlsProps {
  mode: BrushMode;
  size: number;
  canUndo: boolean;
  changed: boolean;
  applying: boolean;
  onMode(mode: BrushMode): void;
  onSize(size: number): void;
  onUndo(): void;
  onReset(): void;
  onApply(): void;
  onCancel(): void;
}

/**
 * The brush's controls, all reachable by keyboard: the mode (radio group), the size (a slider
 * moved with the arrow keys), undo, reset, apply and cancel; the editor adds shortcuts for them.
 */
export function BrushControls(p: BrushControlsProps) {
  return (
    <div className="ab-brush__controls">
      <Segmented
        aria-label="画笔模式"
        value={p.mode}
        onChange={(v) => p.onMode(v as BrushMode)}
        options={[
          { label: '保留（K）', value: 'keep' },
          { label: '擦除（E）', value: 'erase' },
        ]}
      />
      <label className="ab-brush__size">
        <span>画笔大小</span>
        <Slider
          min={BRUSH_MIN}
          max={BRUSH_MAX}
          value={p.size}
          onChange={(v) => p.onSize(v)}
          style={{ width: 140 }}
          ariaLabelForHandle="画笔大小"
          tooltip={{ formatter: (v) => `${v}px` }}
        />
      </label>
      <Space wrap>
        <Button icon={<UndoOutlined />} disabled={!p.canUndo} onClick={p.onUndo} aria-keyshortcuts="Control+Z">
          撤销
        </Button>
        <Button icon={<RollbackOutlined />} onClick={p.onReset}>
          还原
        </Button>
        <Button onClick={p.onCancel}>取消</Button>
        <Button type="primary" icon={<CheckOutlined />} disabled={!p.changed} loading={p.applying} onClick={p.onApply}>
          使用修正后的蒙版
        </Button>
      </Space>
    </div>
  );
}
