import { useEffect, useRef, useState } from 'react';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import type { NoticeView } from '@portal/contract';
import { useNavigate } from 'react-router';
import { useNotices } from '../api/get-notices';
import { useMarkNoticesRead } from '../api/mark-notices-read';

function when(iso: string): string {
  const d = new Date(iso);
  return `${d.getMonth() + 1}月${d.getDate()}日 ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * The header's bell: the unread count as a badge, and a list that opens on click. Opening the list
 * marks what it shows read; a notice with a link opens it. Plain elements (like the user menu) so
 * no popup library joins every page's first load; closes on Escape and on a click elsewhere.
 */
export function NoticeBell() {
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const unread = notices.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && unread > 0) markRead.mutate(undefined);
  };
  const follow = (notice: NoticeView) => {
    setOpen(false);
    if (notice.link.startsWith('/')) void navigate(notice.link);
  };

  return (
    <div className="portal-user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="portal-icon-button portal-notice-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? `通知（${unread} 条未读）` : '通知'}
        data-testid="notice-bell"
        onClick={toggle}
      >
        <BellOutlined />
        {unread > 0 ? (
          <span className="portal-notice-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="portal-user-popup portal-notice-popup" role="dialog" aria-label="通知">
          {notices.isLoading ? <p className="portal-notice-empty">加载中…</p> : null}
          {notices.isError ? <p className="portal-notice-empty">通知加载失败，请稍后重试</p> : null}
          {notices.data && notices.data.list.length === 0 ? <p className="portal-notice-empty">暂无通知</p> : null}
          {notices.data && notices.data.list.length > 0 ? (
            <ul className="portal-notice-list">
              {notices.data.list.map((n, i) => (
                <li key={n.id}>
                  <button
                    type="button"
                    autoFocus={i === 0}
                    onClick={() => follow(n)}
                    data-unread={!n.read || undefined}
                  >
                    <span className="portal-notice-title">{n.title}</span>
                    {n.body ? <span className="portal-notice-body">{n.body}</span> : null}
                    <span className="portal-notice-time">{when(n.created_at)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
