import { Alert, Button, Progress, Segmented, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { addbgKeys } from '../api/keys';
import { useWorkProcess } from '../api/work-process';
import { DownloadButtons, type DownloadFormat } from './download-buttons';
import { FavoriteButton } from './favorite-button';
import { SignedImage } from '../../../components/signed-image/signed-image';

interface WorkResultProps {
  workId: string;
  title: string;
  /** The source image, for the before/after comparison. */
  beforeUrl?: string;
  /** Show a checkerboard behind transparent results (cutouts). */
  transparent?: boolean;
  onRetry?: () => void;
  /** Scrolled into view when it appears (a work just started; on a phone it is below the settings). */
  reveal?: boolean;
  /** The download formats of its images (PNG and JPG unless said). */
  formats?: readonly DownloadFormat[];
}

/** The work's states: loading, running with its percent, failed with a retry, done with its images. */
function WorkResultBody({ workId, title, beforeUrl, transparent, onRetry, formats }: WorkResultProps) {
  const { data, error, isPending } = useWorkProcess(workId);
  const [view, setView] = useState<'after' | 'before'>('after');
  const client = useQueryClient();

  const finished = data?.status === 'done' || data?.status === 'failed';
  // A finished work changes the history and the usage (a failure gives its images back).
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: addbgKeys.works(null).slice(0, 2) });
  }, [finished, client]);
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error || !data) return <Alert type="error" showIcon message={error?.message ?? '加载失败'} />;
  if (data.status === 'queued' || data.status === 'running') {
    return (
      <div className="ab-work" aria-live="polite">
        <div className="ab-work__title">{title}</div>
        <Progress percent={data.progress} status="active" />
        <div className="ab-muted">{data.message}</div>
      </div>
    );
  }
  if (data.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        message={`${title}：${data.message}`}
        action={
          onRetry ? (
            <Button size="small" onClick={onRetry}>
              重试
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <div className="ab-work">
      <div className="ab-work__head">
        <span className="ab-work__title">{title}</span>
        {beforeUrl && (
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'after' | 'before')}
            options={[
              { label: '效果', value: 'after' },
              { label: '原图', value: 'before' },
            ]}
          />
        )}
      </div>
      <div className="ab-grid">
        {data.images.map((image, index) => (
          <figure key={image.image_id} className="ab-figure">
            <SignedImage
              url={view === 'before' && beforeUrl ? beforeUrl : image.url}
              alt={`${title} ${index + 1}`}
              checker={transparent && view === 'after'}
              style={{ aspectRatio: `${image.width} / ${image.height}`, width: '100%', borderRadius: 8 }}
            />
            <figcaption className="ab-figure__bar">
              <span className="ab-muted">
                {image.width}×{image.height}
              </span>
              <span className="ab-figure__actions">
                <FavoriteButton imageId={image.image_id} initial={image.favorite} />
                <DownloadButtons url={image.url} name={`${title}-${index + 1}`} formats={formats} />
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}

/** One work: its progress while it runs, then its images with compare, favourite and downloads. */
export function WorkResult(props: WorkResultProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const { reveal } = props;
  useEffect(() => {
    if (reveal) anchor.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [reveal]);
  return (
    <div ref={anchor}>
      <WorkResultBody {...props} />
    </div>
  );
}
