import Rate from 'antd/es/rate';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import NodeExpandOutlined from '@ant-design/icons/es/icons/NodeExpandOutlined';
import type { IdeaCard as Card, IdeaState } from '@portal/contract';

interface IdeaCardProps {
  card: Card;
  selected: boolean;
  busy: boolean;
  onState(state: IdeaState): void;
  onRate(rating: number | null): void;
  onSelect(selected: boolean): void;
  onExpand(): void;
}

const STATE_LABELS: Record<IdeaState, string> = { new: '待定', kept: '已保留', dropped: '已放弃' };

/** One idea: title, pitch, why it could work, risks; keep, drop, rate, pick for a merge, expand. */
export function IdeaCardView({ card, selected, busy, onState, onRate, onSelect, onExpand }: IdeaCardProps) {
  const kept = card.state === 'kept';
  const dropped = card.state === 'dropped';
  return (
    <article className="idea-card" data-state={card.state} data-testid="idea-card" aria-label={card.title}>
      <header className="idea-card-head">
        <label className="idea-card-select">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`选择「${card.title}」用于合并`}
          />
        </label>
        <h4 className="idea-card-title">{card.title}</h4>
        <span className="idea-card-state">{STATE_LABELS[card.state]}</span>
      </header>
      <p className="idea-card-pitch">{card.pitch}</p>
      {card.why ? (
        <p className="idea-card-why">
          <strong>可行之处：</strong>
          {card.why}
        </p>
      ) : null}
      {card.risks.length ? (
        <div className="idea-card-risks">
          <strong>风险：</strong>
          <ul>
            {card.risks.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="idea-card-rate">
        <span>评分</span>
        <Rate
          value={card.rating ?? 0}
          onChange={(v) => onRate(v === 0 ? null : v)}
          disabled={busy}
          aria-label={`给「${card.title}」评分`}
        />
      </div>
      <div className="idea-card-actions">
        <button
          type="button"
          className="idea-action"
          aria-pressed={kept}
          disabled={busy}
          onClick={() => onState(kept ? 'new' : 'kept')}
        >
          <CheckOutlined /> {kept ? '取消保留' : '保留'}
        </button>
        <button
          type="button"
          className="idea-action"
          aria-pressed={dropped}
          disabled={busy}
          onClick={() => onState(dropped ? 'new' : 'dropped')}
        >
          <CloseOutlined /> {dropped ? '恢复' : '放弃'}
        </button>
        <button type="button" className="idea-action" disabled={busy} onClick={onExpand}>
          <NodeExpandOutlined /> 展开新一轮
        </button>
      </div>
    </article>
  );
}
