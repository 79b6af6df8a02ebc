import Empty from 'antd/es/empty';
import Rate from 'antd/es/rate';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { listIdeas } from '../api/session-api';
import { ideasKey } from './idea-round';

/** The session's kept ideas (merged ones included), best rated first: the shortlist as it grows. */
export function IdeaBoard({ sessionId }: { sessionId: string }) {
  const ideas = useQuery({ queryKey: ideasKey(sessionId), queryFn: () => listIdeas(sessionId) });
  const kept = (ideas.data ?? []).filter((c) => c.state === 'kept').sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
  const total = ideas.data?.length ?? 0;
  return (
    <section className="idea-board" aria-label="已保留的想法">
      <h4>
        已保留的想法{' '}
        <span className="idea-board-count">
          {kept.length} / {total}
        </span>
      </h4>
      {ideas.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : kept.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="在卡片上点「保留」收集好想法" />
      ) : (
        <ol className="idea-board-list">
          {kept.map((c) => (
            <li key={c.card_id}>
              <span className="idea-board-title">{c.title}</span>
              <Rate disabled value={c.rating ?? 0} className="idea-board-rate" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
