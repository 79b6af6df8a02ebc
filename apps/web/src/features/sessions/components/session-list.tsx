import { useRef, type KeyboardEvent } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import type { SessionModuleConfig } from '../config/session-modules';
import { useSessions } from '../hooks/use-sessions';

interface SessionListProps {
  config: SessionModuleConfig;
  activeId?: string;
  /** After a choice (the phone drawer closes). */
  onPicked?(): void;
}

/** The module's sessions, newest first: 新建会话, open one by click, tap, or arrow keys and Enter. */
export function SessionList({ config, activeId, onPicked }: SessionListProps) {
  const sessions = useSessions(config);
  const navigate = useNavigate();
  const listRef = useRef<HTMLUListElement>(null);

  const open = (path: string) => {
    void navigate(path);
    onPicked?.();
  };

  // Arrow keys move between sessions, Home/End jump; Enter opens (native button).
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button.session-item') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined || buttons.length === 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
  };

  let body;
  if (sessions.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  } else if (sessions.isError) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="会话列表加载失败">
        <Button onClick={() => void sessions.refetch()}>重试</Button>
      </Empty>
    );
  } else if (sessions.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无会话" />;
  } else {
    body = (
      <ul className="session-items" ref={listRef} onKeyDown={onKeyDown} aria-label="会话">
        {sessions.data.map((s) => (
          <li key={s.session_id}>
            <button
              type="button"
              className="session-item"
              aria-current={s.session_id === activeId ? 'page' : undefined}
              onClick={() => open(`${config.topPath}/session?id=${encodeURIComponent(s.session_id)}`)}
            >
              <span className="session-item-name">{s.session_name || '未命名会话'}</span>
              <span className="session-item-meta">
                {dayjs(s.update_time).format('MM-DD HH:mm')}
                {s.file_count ? ` · ${s.file_count} 个文件` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <nav className="session-list" aria-label="会话列表">
      <div className="session-list-head">
        <Button block icon={<PlusOutlined />} onClick={() => open(`${config.topPath}/welcome`)}>
          新建会话
        </Button>
      </div>
      <div className="session-list-body">{body}</div>
    </nav>
  );
}
