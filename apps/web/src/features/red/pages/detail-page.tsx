import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useNavigate, useSearchParams } from 'react-router';
import { useCollect, useNoteDetail } from '../api/notes';
import { formatCount, formatTime, redSentimentLabels, sentimentTagColor } from '../format';

/** /red/detail?note_id=: one note with its metrics, the sentences behind its sentiment and its brand mentions. */
export default function DetailPage() {
  const [params] = useSearchParams();
  const noteId = params.get('note_id') ?? '';
  const navigate = useNavigate();
  const note = useNoteDetail(noteId);
  const collect = useCollect();
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate('/red/overview/insight'));
  return (
    <div className="red-page red-detail">
      <Button onClick={back}>返回</Button>
      {!noteId ? <Alert type="warning" message="缺少笔记ID" showIcon /> : null}
      {noteId && note.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {note.isError ? <Alert type="error" showIcon message="笔记不存在或已被删除" /> : null}
      {note.data ? (
        <article className="red-card">
          <header className="red-card-head">
            <h2>{note.data.title}</h2>
            <Button
              type={note.data.collected ? 'primary' : 'default'}
              aria-pressed={note.data.collected}
              loading={collect.isPending}
              onClick={() => collect.mutate({ note_id: note.data.note_id, collect: !note.data.collected })}
            >
              {note.data.collected ? '已收藏' : '收藏'}
            </Button>
          </header>
          <div className="red-article-meta">
            <Tag color={sentimentTagColor[note.data.sentiment]}>
              {redSentimentLabels[note.data.sentiment]}（
              {note.data.analysed_by ? `模型 ${note.data.analysed_by}` : note.data.sentiment_score}）
            </Tag>
            {note.data.is_sample ? <Tag color="orange">示例数据</Tag> : null}
            <span>{note.data.author}</span>
            <span>{formatTime(note.data.published_at)}</span>
            <span>来源：{note.data.source}</span>
            {note.data.link ? (
              <a href={note.data.link} target="_blank" rel="noopener noreferrer nofollow">
                原文链接
              </a>
            ) : null}
          </div>
          <dl className="red-stats">
            {(
              [
                ['互动', note.data.interactions],
                ['点赞', note.data.likes],
                ['收藏', note.data.collects],
                ['评论', note.data.comments],
                ['分享', note.data.shares],
                ['图片', note.data.image_count],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{formatCount(value)}</dd>
              </div>
            ))}
          </dl>
          <p className="red-content">{note.data.content}</p>
          <h4>情感依据</h4>
          {note.data.sentences.length === 0 ? <p className="red-muted">没有带观点的句子</p> : null}
          <ul className="red-sentences">
            {note.data.sentences.map((s, i) => (
              <li key={i} className={`red-sentence ${s.polarity}`}>
                <p>{s.text}</p>
                <small>
                  {redSentimentLabels[s.polarity]} {s.score} · 依据：{s.cues.join('、') || '—'}
                </small>
              </li>
            ))}
          </ul>
          {note.data.aspects.length > 0 ? (
            <>
              <h4>方面情感{note.data.analysed_by ? `（由模型 ${note.data.analysed_by} 分析）` : ''}</h4>
              <ul className="red-sentences">
                {note.data.aspects.map((a, i) => (
                  <li key={i} className={`red-sentence ${a.polarity}`}>
                    <p>
                      <Tag color={sentimentTagColor[a.polarity]}>
                        {a.aspect} · {redSentimentLabels[a.polarity]}
                      </Tag>
                      {a.text}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h4>品牌提及</h4>
          {note.data.mentions.length === 0 ? <p className="red-muted">没有匹配到词典中的品牌</p> : null}
          <div className="red-keywords">
            {note.data.mentions.map((m, i) => (
              <Tag key={i} color="blue">
                {m.project} / {m.brand}
                {m.product ? ` / ${m.product}` : ''}
              </Tag>
            ))}
          </div>
          <h4>话题、场景与关键词</h4>
          <div className="red-keywords">
            {note.data.topics.map((t) => (
              <Tag key={`t-${t}`} color="red">
                #{t}
              </Tag>
            ))}
            {note.data.scenes.map((s) => (
              <Tag key={`s-${s}`} color="purple">
                {s}
              </Tag>
            ))}
            {note.data.keywords.map((k) => (
              <Tag key={`k-${k}`}>{k}</Tag>
            ))}
          </div>
        </article>
      ) : null}
    </div>
  );
}
