import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { useState } from 'react';
import type { MjFollowAction, MjImage, MjMessage } from '@portal/contract';
import { SignedImage, splitUrl } from '../../../components/signed-image/signed-image';
import { fetchBlob } from '../../../lib/fetch-blob';
import { saveBlob } from '../../../lib/save-blob';

export type MjAct = (messageId: string, action: MjFollowAction, index?: number) => void;

interface MjReplyProps {
  turn: MjMessage;
  /** Another button's job is being queued: the buttons wait. */
  busy: boolean;
  onAct: MjAct;
}

function Progress({ turn }: { turn: MjMessage }) {
  const percent = turn.status === 'queued' ? 0 : turn.progress;
  return (
    <div className="mj-progress" data-testid="mj-progress">
      <div
        className="mj-progress-bar"
        role="progressbar"
        aria-label="生成进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${Math.max(4, percent)}%` }} />
      </div>
      <span className="mj-progress-text">
        {turn.status_text}
        {turn.status === 'running' ? ` ${percent}%` : ''}
      </span>
    </div>
  );
}

function DownloadButton({ image }: { image: MjImage }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const { path, params } = splitUrl(image.url);
      saveBlob(
        await fetchBlob(path, { params: { ...params, download: '1' } }),
        `图片-${image.image_id.slice(0, 8)}.png`,
      );
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <button type="button" className="mj-action" disabled={state === 'busy'} onClick={() => void download()}>
      <DownloadOutlined /> {state === 'failed' ? '下载失败，重试' : '下载'}
    </button>
  );
}

/**
 * The reply of a turn: progress while its job runs, then a 2×2 grid with U1–U4 (upscale one),
 * V1–V4 (vary one) and reroll, or one upscaled image with download, vary and reroll.
 */
export function MjReply({ turn, busy, onAct }: MjReplyProps) {
  if (turn.status === 'queued' || turn.status === 'running') return <Progress turn={turn} />;
  if (turn.status === 'failed') {
    return (
      <p className="mj-failed" role="alert">
        {turn.status_text}
      </p>
    );
  }
  const act = (action: MjFollowAction, index?: number) => onAct(turn.message_id, action, index);
  const reroll = (
    <button type="button" className="mj-action" disabled={busy} onClick={() => act('reroll')}>
      <ReloadOutlined /> 重新生成
    </button>
  );
  if (turn.layout === 'single') {
    const image = turn.images[0];
    return (
      <div className="mj-reply">
        {image ? (
          <SignedImage
            url={image.url}
            alt="放大后的图片"
            style={{ width: '100%', aspectRatio: '1', borderRadius: 8 }}
          />
        ) : null}
        <div className="mj-actions">
          {image ? <DownloadButton image={image} /> : null}
          <button type="button" className="mj-action" disabled={busy} onClick={() => act('variation', 1)}>
            以此生成变体
          </button>
          {reroll}
        </div>
      </div>
    );
  }
  return (
    <div className="mj-reply">
      <div className="mj-grid" role="group" aria-label="四张候选图" data-testid="mj-grid">
        {turn.images.map((image) => (
          <SignedImage
            key={image.image_id}
            url={image.url}
            alt={`第 ${image.position} 张`}
            style={{ width: '100%', aspectRatio: '1' }}
          />
        ))}
      </div>
      <div className="mj-actions" role="toolbar" aria-label="对候选图的操作">
        {turn.images.map((image) => (
          <button
            key={`u${image.position}`}
            type="button"
            className="mj-action mj-action-key"
            aria-label={`U${image.position} 放大第 ${image.position} 张`}
            title={`放大第 ${image.position} 张`}
            disabled={busy}
            onClick={() => act('upscale', image.position)}
          >
            U{image.position}
          </button>
        ))}
        {reroll}
      </div>
      <div className="mj-actions">
        {turn.images.map((image) => (
          <button
            key={`v${image.position}`}
            type="button"
            className="mj-action mj-action-key"
            aria-label={`V${image.position} 以第 ${image.position} 张生成变体`}
            title={`以第 ${image.position} 张生成变体`}
            disabled={busy}
            onClick={() => act('variation', image.position)}
          >
            V{image.position}
          </button>
        ))}
      </div>
    </div>
  );
}
