import type { AddbgBackground } from '@portal/contract';
import { Alert, Input, Skeleton, Tooltip } from 'antd';
import { useBackgrounds } from '../api/option-lists';
import { SignedImage } from '../../../components/signed-image/signed-image';

interface Props {
  value: string | null;
  color: string | null;
  prompt: string;
  onPick(choice: { backgroundId: string | null; color: string | null }): void;
  onPrompt(prompt: string): void;
}

/** Scenes and colours of the built-in engine, and the prompt scene with why it is not available. */
export function BackgroundPicker({ value, color, prompt: promptText, onPick, onPrompt }: Props) {
  const { data, error, isPending } = useBackgrounds();
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (error) return <Alert type="error" showIcon message={error.message} />;
  const usable = data.filter((b) => b.available);
  const prompt = data.find((b) => b.kind === 'prompt' && !b.available);
  return (
    <div>
      <div className="ab-swatches" role="radiogroup" aria-label="背景">
        {usable.map((b: AddbgBackground) => (
          <Tooltip key={b.id} title={b.name}>
            <button
              type="button"
              role="radio"
              aria-checked={value === b.id}
              aria-label={b.name}
              className={`ab-swatch${value === b.id ? ' ab-swatch--on' : ''}`}
              onClick={() => onPick({ backgroundId: b.id, color: null })}
            >
              {b.preview_url ? (
                <SignedImage url={b.preview_url} alt={b.name} style={{ width: '100%', height: '100%' }} />
              ) : (
                <span style={{ background: b.colors[0], display: 'block', width: '100%', height: '100%' }} />
              )}
            </button>
          </Tooltip>
        ))}
      </div>
      <label className="ab-field">
        <span>自定义颜色</span>
        <Input
          type="color"
          aria-label="自定义背景颜色"
          value={color ?? '#ffffff'}
          onChange={(e) => onPick({ backgroundId: null, color: e.target.value })}
          style={{ width: 64, padding: 2 }}
        />
      </label>
      {value === 'prompt' && (
        <Input.TextArea
          aria-label="场景描述"
          placeholder="描述想要的场景，例如：清晨海边的木桌，柔和阳光"
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={promptText}
          onChange={(e) => onPrompt(e.target.value)}
          style={{ marginTop: 8 }}
        />
      )}
      {prompt && (
        <Alert style={{ marginTop: 8 }} type="info" showIcon message={prompt.name} description={prompt.reason} />
      )}
    </div>
  );
}
