import { useState, type ReactNode } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { ConversationList } from './conversation-list';
import './marketing.css';

export type MarketingView = 'analysis' | 'collection' | 'compare';

interface MarketingLayoutProps {
  view: MarketingView;
  title: string;
  activeId?: string;
  collectTotal?: number;
  onView(view: MarketingView): void;
  onOpen(convId: string): void;
  onNew(): void;
  children: ReactNode;
}

/**
 * Earlier analyses on the left (behind a button on phones), the title and the 案例分析 / 我的收藏
 * switch on top, the view below.
 */
export function MarketingLayout(props: MarketingLayoutProps) {
  const { view, title, activeId, collectTotal, onView, onOpen, onNew, children } = props;
  const [drawer, setDrawer] = useState(false);
  const close = (run: () => void) => () => {
    setDrawer(false);
    run();
  };
  const list = (inDrawer: boolean) => (
    <ConversationList
      activeId={activeId}
      onOpen={inDrawer ? (id) => close(() => onOpen(id))() : onOpen}
      onNew={inDrawer ? close(onNew) : onNew}
    />
  );
  const tab = (key: MarketingView, label: ReactNode) => {
    const selected = key === view || (key === 'collection' && view === 'compare');
    return (
      <button type="button" role="tab" aria-selected={selected} className="mk-tab" onClick={() => onView(key)}>
        {label}
      </button>
    );
  };
  return (
    <div className="mk-layout">
      <aside className="mk-sidebar">{list(false)}</aside>
      <section className="mk-main">
        <header className="mk-head">
          <Button
            className="mk-list-button mk-touch"
            icon={<UnorderedListOutlined />}
            aria-label="分析记录"
            onClick={() => setDrawer(true)}
          />
          <h2 className="mk-title" data-testid="mk-title">
            {title}
          </h2>
          <div role="tablist" aria-label="视图" className="mk-tabs">
            {tab('analysis', '分析')}
            {tab('collection', <>收藏{collectTotal ? <span className="mk-chip-count">{collectTotal}</span> : null}</>)}
          </div>
        </header>
        <div className="mk-body">{children}</div>
      </section>
      <Drawer placement="left" open={drawer} onClose={() => setDrawer(false)} title="分析记录" size={300}>
        {drawer ? list(true) : null}
      </Drawer>
    </div>
  );
}
