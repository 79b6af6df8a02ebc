import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { useLocation, useNavigate } from 'react-router';
import { SmartImageProvider } from '../../../components/smart-image';
import { useMarkdownPreload } from '../../../components/thread/lazy-markdown';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { fetchProxiedImage } from '../api/fetch-proxied-image';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useVisualViewportHeight } from '../hooks/use-visual-viewport-height';
import { LoadingLines } from './list-placeholders';
import { UsageCounter } from './usage-counter';
import './chat.css';

/**
 * The list comes with the session screen's chunk (antd Button, the list's calls): the welcome
 * screen's question box does not wait for it, and on a phone it loads when the list is first opened.
 */
const ConversationSidebar = lazy(() => import('../session-screen').then((m) => ({ default: m.ConversationSidebar })));

function SidebarLoading() {
  return (
    <aside className="chat-sidebar" aria-label="会话列表">
      <div className="chat-sidebar-list">
        <LoadingLines rows={6} />
      </div>
    </aside>
  );
}

interface ChatLayoutProps {
  config: ChatModuleConfig;
  activeId?: string;
  title: ReactNode;
  children: ReactNode;
}

/**
 * Conversation list on the left; title, usage and the page's content on the right. On a phone the
 * thread fills the screen and the list is a drawer behind the header's 会话列表 button.
 */
export function ChatLayout({ config, activeId, title, children }: ChatLayoutProps) {
  useMarkdownPreload(!!activeId);
  const phone = usePhoneLayout();
  useVisualViewportHeight(phone);
  const [listOpen, setListOpen] = useState(false);
  // On a phone the list is rendered the first time it is opened: the question box comes first.
  const [listUsed, setListUsed] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const listButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  // Opening a conversation (or starting one) closes the list; so does growing out of phone width.
  useEffect(() => setListOpen(false), [location.key, phone]);

  useEffect(() => {
    if (!listOpen) return;
    drawer.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setListOpen(false);
      listButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [listOpen]);

  return (
    <div className="chat-layout" data-module={config.name}>
      <div
        ref={drawer}
        id="chat-conversation-drawer"
        className={`chat-sidebar-wrap${listOpen ? ' chat-sidebar-open' : ''}`}
        data-testid="chat-conversation-drawer"
        // Off screen on a phone until opened: out of the tab order and the accessibility tree.
        inert={phone && !listOpen ? true : undefined}
      >
        {phone && !listUsed ? null : (
          <Suspense fallback={<SidebarLoading />}>
            <ConversationSidebar config={config} activeId={activeId} />
          </Suspense>
        )}
      </div>
      {phone && listOpen ? (
        <div className="chat-drawer-mask" data-testid="chat-drawer-mask" onClick={() => setListOpen(false)} />
      ) : null}
      <section className="chat-main">
        <header className="chat-main-head">
          {phone ? (
            <button
              ref={listButton}
              type="button"
              className="chat-head-button"
              aria-label="会话列表"
              aria-controls="chat-conversation-drawer"
              aria-expanded={listOpen}
              data-testid="chat-list-button"
              onClick={() => {
                setListUsed(true);
                setListOpen(true);
              }}
            >
              <UnorderedListOutlined />
            </button>
          ) : null}
          <h5 className="chat-title" data-testid="chat-title">
            {title}
          </h5>
          <UsageCounter config={config} />
          {phone && activeId ? (
            <button
              type="button"
              className="chat-head-button"
              aria-label="新建会话"
              data-testid="chat-new-button"
              onClick={() => void navigate(`${config.topPath}/welcome`)}
            >
              <PlusOutlined />
            </button>
          ) : null}
        </header>
        <div className="chat-main-body">
          <SmartImageProvider fetchProxied={fetchProxiedImage}>{children}</SmartImageProvider>
        </div>
      </section>
    </div>
  );
}
