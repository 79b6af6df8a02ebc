import { lazy, Suspense, useRef } from 'react';
import Button from 'antd/es/button';
import Rate from 'antd/es/rate';
import Spin from 'antd/es/spin';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import type { BrainstormSummary } from '@portal/contract';
import { showError } from '../../../lib/ui-bridge';
import type { MindMapHandle } from './mind-map';

const MindMap = lazy(() => import('./mind-map'));

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileBase = (topic: string) => (topic.trim() || '头脑风暴').replace(/[\\/:*?"<>|]/g, '_').slice(0, 60);

/** The closing summary: idea clusters, the mind map (PNG and Markdown export) and the rated shortlist. */
export function BrainstormSummaryView({ summary }: { summary: BrainstormSummary }) {
  const map = useRef<MindMapHandle>(null);
  const base = fileBase(summary.topic);

  const exportPng = async () => {
    try {
      if (!map.current) throw new Error('no map');
      download(await map.current.toPng(), `${base}-思维导图.png`);
    } catch {
      showError('导出图片失败，请改用 Markdown 导出');
    }
  };
  const exportMd = () =>
    download(new Blob([summary.mind_map_markdown], { type: 'text/markdown;charset=utf-8' }), `${base}-思维导图.md`);

  return (
    <div className="bs-summary" data-testid="brainstorm-summary">
      <h3>「{summary.topic}」创意总结</h3>
      <section aria-label="想法聚类">
        <h4>想法聚类</h4>
        <div className="bs-clusters">
          {summary.clusters.map((c) => (
            <div key={c.name} className="bs-cluster">
              <strong>{c.name}</strong>
              <p>{c.summary}</p>
              <span className="bs-cluster-count">{c.card_ids.length} 个想法</span>
            </div>
          ))}
        </div>
      </section>
      <section aria-label="思维导图">
        <div className="bs-map-head">
          <h4>思维导图</h4>
          <div className="bs-map-actions">
            <Button icon={<DownloadOutlined />} onClick={() => void exportPng()}>
              导出 PNG
            </Button>
            <Button icon={<DownloadOutlined />} onClick={exportMd}>
              导出 Markdown
            </Button>
          </div>
        </div>
        <div className="bs-map">
          <Suspense
            fallback={
              <Spin description="正在绘制思维导图…">
                <div style={{ height: 200 }} />
              </Spin>
            }
          >
            <MindMap ref={map} markdown={summary.mind_map_markdown} />
          </Suspense>
        </div>
      </section>
      <section aria-label="候选清单">
        <h4>候选清单</h4>
        {summary.shortlist.length === 0 ? (
          <p className="bs-empty">还没有保留的想法：在卡片上点「保留」并评分，再生成总结。</p>
        ) : (
          <ol className="bs-shortlist">
            {summary.shortlist.map((s) => (
              <li key={s.card_id}>
                <div>
                  <strong>{s.title}</strong>
                  <p>{s.pitch}</p>
                </div>
                <Rate disabled value={s.rating ?? 0} aria-label={s.rating ? `${s.rating} 星` : '未评分'} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
