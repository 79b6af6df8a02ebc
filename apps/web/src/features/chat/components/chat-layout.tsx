import { useEffect, type ReactNode } from 'react';
import Typography from 'antd/es/typography';
import { SmartImageProvider } from '../../../components/smart-image';
import { preloadMarkdownWhenIdle } from '../../../components/thread';
import { fetchProxiedImage } from '../api/fetch-proxied-image';
import type { ChatModuleConfig } from '../config/chat-modules';
import { ConversationSidebar } from './conversation-sidebar';
import { UsageCounter } from './usage-counter';
import './chat.css';

interface ChatLayoutProps {
  config: ChatModuleConfig;
  activeId?: string;
  title: ReactNode;
  children: ReactNode;
}

/** Conversation list on the left; title, usage and the page's content on the right. */
export function ChatLayout({ config, activeId, title, children }: ChatLayoutProps) {
  useEffect(preloadMarkdownWhenIdle, []);
  return (
    <div className="chat-layout" data-module={config.name}>
      <ConversationSidebar config={config} activeId={activeId} />
      <section className="chat-main">
        <header className="chat-main-head">
          <Typography.Title level={5} ellipsis style={{ margin: 0 }} data-testid="chat-title">
            {title}
          </Typography.Title>
          <UsageCounter config={config} />
        </header>
        <div className="chat-main-body">
          <SmartImageProvider fetchProxied={fetchProxiedImage}>{children}</SmartImageProvider>
        </div>
      </section>
    </div>
  );
}
