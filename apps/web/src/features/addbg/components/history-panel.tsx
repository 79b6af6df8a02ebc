import { addbgWorkKindNames } from '@portal/contract';
import { Alert, Empty, Skeleton, Tabs } from 'antd';
import { useFavorites } from '../api/favorites';
import { useWorks } from '../api/works-list';
import { DownloadButtons, type DownloadFormat } from './download-buttons';
import { SignedImage } from '../../../components/signed-image/signed-image';

/** Earlier works of the user (or of the chosen project), and the favourites. */
export function HistoryPanel({ projectId }: { projectId: string | null }) {
  const works = useWorks(projectId);
  const favorites = useFavorites();
  const workImages = (works.data?.list ?? []).flatMap((w) =>
    w.images.map((i) => ({
      ...i,
      label: addbgWorkKindNames[w.kind],
      // Template logos are vectors: SVG rather than JPG.
      formats: w.kind === 'logo' && w.engine === 'builtin' ? (['png', 'svg'] as const) : undefined,
    })),
  );
  const grid = (
    items: {
      image_id: string;
      url: string;
      width: number;
      height: number;
      label: string;
      formats?: readonly DownloadFormat[];
    }[],
  ) =>
    items.length === 0 ? (
      <Empty description="暂无作品" />
    ) : (
      <div className="ab-grid ab-grid--small">
        {items.map((i) => (
          <figure key={i.image_id} className="ab-figure">
            <SignedImage
              url={i.url}
              alt={i.label}
              style={{ aspectRatio: `${i.width} / ${i.height}`, width: '100%', borderRadius: 6 }}
            />
            <figcaption className="ab-figure__bar">
              <span className="ab-muted">{i.label}</span>
              <DownloadButtons url={i.url} name={`${i.label}-${i.image_id.slice(0, 6)}`} formats={i.formats} />
            </figcaption>
          </figure>
        ))}
      </div>
    );
  return (
    <Tabs
      items={[
        {
          key: 'works',
          label: '我的作品',
          children: works.isPending ? (
            <Skeleton active />
          ) : works.error ? (
            <Alert type="error" showIcon message={works.error.message} />
          ) : (
            grid(workImages)
          ),
        },
        {
          key: 'favorites',
          label: '收藏',
          children: favorites.isPending ? (
            <Skeleton active />
          ) : favorites.error ? (
            <Alert type="error" showIcon message={favorites.error.message} />
          ) : (
            grid((favorites.data ?? []).map((f) => ({ ...f, label: addbgWorkKindNames[f.kind] })))
          ),
        },
      ]}
    />
  );
}
