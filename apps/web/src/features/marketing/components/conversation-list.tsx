import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useMarketingConversations } from '../api/list-conversations';

interface ConversationListProps {
  activeId?: string;
  onOpen(convId: string): void;
  onNew(): void;
}

/** Earlier analyses, newest first, and 新建分析. */
export function ConversationList({ activeId, onOpen, onNew }: ConversationListProps) {
  const conversations = useMarketingConversations();
  let body;
  if (conversations.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (conversations.isError)
    body = (
      <div className="mk-side-error" role="alert">
        记录加载失败
        <Button size="small" onClick={() => void conversations.refetch()}>
          重试
        </Button>
      </div>
    );
  else if (conversations.data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有分析记录" />;
  else
    body = (
      <ul className="mk-conv-list" aria-label="分析记录">
        {conversations.data.map((c) => (
          <li key={c.conv_id}>
            <button
              type="button"
              className="mk-conv"
              aria-current={c.conv_id === activeId ? 'page' : undefined}
              onClick={() => onOpen(c.conv_id)}
            >
              {c.title}
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="mk-side">
      <Button type="primary" block icon={<PlusOutlined />} className="mk-touch" onClick={onNew}>
        新建分析
      </Button>
      {body}
    </div>
  );
}
