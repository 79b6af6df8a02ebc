import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import { useThreadMessage } from '../../../components/thread';

interface CollectActionProps {
  messageKey: string;
  /** The saved case holding this analysis, if any. */
  collectIdOf(messageId: string): string | null | undefined;
  onCollect(messageId: string): void;
}

/** 收藏 under a finished analysis; 已收藏 opens the same dialog to edit tags and note. */
export function CollectAction({ messageKey, collectIdOf, onCollect }: CollectActionProps) {
  const answer = useThreadMessage(messageKey);
  const id = answer?.message_id;
  if (!answer || !id || answer.status !== 'done') return null;
  const collected = Boolean(collectIdOf(id));
  return (
    <button
      type="button"
      className="chat-action mk-collect-action"
      aria-pressed={collected}
      aria-label={collected ? '已收藏，编辑收藏' : '收藏'}
      title={collected ? '已收藏，编辑收藏' : '收藏'}
      onClick={() => onCollect(id)}
    >
      {collected ? <StarFilled /> : <StarOutlined />}
      <span>{collected ? '已收藏' : '收藏'}</span>
    </button>
  );
}
