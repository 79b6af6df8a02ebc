import type { RedArticle } from '@portal/contract';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { Link } from 'react-router';
import { useCollect } from '../api/notes';
import { formatCount, formatTime, redSentimentLabels, sentimentTagColor } from '../format';

/** Notes as rows: title to the detail page, sentiment, brands, interactions, time, collect. */
export function ArticleList({ notes }: { notes: RedArticle[] }) {
  const collect = useCollect();
  return (
    <ul className="red-articles">
      {notes.map((n) => (
        <li key={n.note_id} className="red-article">
          <div className="red-article-main">
            <Link to={`/red/detail?note_id=${encodeURIComponent(n.note_id)}`} className="red-article-title">
              {n.title}
            </Link>
            <div className="red-article-meta">
              <Tag color={sentimentTagColor[n.sentiment]}>{redSentimentLabels[n.sentiment]}</Tag>
              {n.brands.map((b) => (
                <Tag key={b}>{b}</Tag>
              ))}
              {n.is_sample ? <Tag color="orange">示例数据</Tag> : null}
              <span>{n.author}</span>
              <span>{formatTime(n.published_at)}</span>
            </div>
          </div>
          <div className="red-article-side">
            <span title={`点赞 ${n.likes} · 收藏 ${n.collects} · 评论 ${n.comments} · 分享 ${n.shares}`}>
              互动 {formatCount(n.interactions)}
            </span>
            <Button
              size="small"
              type={n.collected ? 'primary' : 'default'}
              aria-pressed={n.collected}
              loading={collect.isPending && collect.variables?.note_id === n.note_id}
              onClick={() => collect.mutate({ note_id: n.note_id, collect: !n.collected })}
            >
              {n.collected ? '已收藏' : '收藏'}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
