import { Alert, InputNumber, Select, Slider, Switch } from 'antd';
import { useLights, useSizes } from '../api/option-lists';
import { useWorkbench } from '../store/workbench-store';

/** Output size, light direction, product scale, shadow and the number of variants. */
export function SceneOptions() {
  const sizes = useSizes();
  const lights = useLights();
  const { sizeId, lightId, count, scale, shadow, pick } = useWorkbench();
  if (sizes.error || lights.error)
    return <Alert type="error" showIcon message={(sizes.error ?? lights.error)!.message} />;
  return (
    <div className="ab-options">
      <label className="ab-field">
        <span>尺寸</span>
        <Select
          aria-label="尺寸"
          loading={sizes.isPending}
          value={sizeId}
          onChange={(v) => pick({ sizeId: v })}
          options={(sizes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          style={{ minWidth: 200 }}
        />
      </label>
      <label className="ab-field">
        <span>光线</span>
        <Select
          aria-label="光线"
          loading={lights.isPending}
          value={lightId}
          onChange={(v) => pick({ lightId: v })}
          options={(lights.data ?? []).map((l) => ({ value: l.id, label: l.name, title: l.description }))}
          style={{ minWidth: 120 }}
        />
      </label>
      <label className="ab-field ab-field--wide">
        <span>商品大小</span>
        <Slider
          aria-label="商品大小"
          min={0.3}
          max={0.95}
          step={0.05}
          value={scale}
          onChange={(v) => pick({ scale: v })}
        />
      </label>
      <label className="ab-field">
        <span>投影</span>
        <Switch aria-label="投影" checked={shadow} onChange={(v) => pick({ shadow: v })} />
      </label>
      <label className="ab-field">
        <span>张数</span>
        <InputNumber aria-label="生成张数" min={1} max={4} value={count} onChange={(v) => pick({ count: v ?? 1 })} />
      </label>
    </div>
  );
}
