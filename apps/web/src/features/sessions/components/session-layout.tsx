import { useState, type ReactNode } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Typography from 'antd/es/typography';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { useMarkdownPreload } from '../../../components/thread';
import { useMediaQuery, usePhoneLayout } from '../../../lib/phone-layout';
import type { SessionModuleConfig } from '../config/session-modules';
import { SessionList } from './session-list';
import './sessions.css';

interface SessionLayoutProps {
  config: SessionModuleConfig;
  activeId?: string;
  title: ReactNode;
  /** Beside the title (demo label, file count). */
  extra?: ReactNode;
  /** The session's files; a side column on desktop, a bottom sheet behind 文件 on phones. */
  files?: ReactNode;
  fileCount?: number;
  /** The button and drawer title for the files when they are not a column. */
  filesLabel?: string;
  children: ReactNode;
}

/** Below this width the files column would squeeze the thread (idea cards, reports): it moves behind 文件. */
const FILES_COLUMN_QUERY = '(min-width: 1440px)';

/**
 * The shell of the three session tools. Wide desktop: sessions | thread | files; narrower
 * desktop: the files in a side drawer behind 文件. Phones (README rule 4): one column; the session
 * list is a drawer behind 会话, the files a sheet behind 文件.
 */
export function SessionLayout({
  config,
  activeId,
  title,
  extra,
  files,
  fileCount,
  filesLabel = '文件',
  children,
}: SessionLayoutProps) {
  const phone = usePhoneLayout();
  const filesColumn = useMediaQuery(FILES_COLUMN_QUERY) && !phone;
  const [listOpen, setListOpen] = useState(false);
  const [filesOpen, setFilesOpen] = useState(false);
  useMarkdownPreload(!!activeId);

  return (
    <div className="session-layout" data-module={config.name}>
      {phone ? (
        <Drawer
          open={listOpen}
          onClose={() => setListOpen(false)}
          placement="left"
          size={300}
          title={config.title}
          styles={{ body: { padding: 0 } }}
        >
          <SessionList config={config} activeId={activeId} onPicked={() => setListOpen(false)} />
        </Drawer>
      ) : (
        <aside className="session-side">
          <SessionList config={config} activeId={activeId} />
        </aside>
      )}
      <section className="session-main">
        <header className="session-head">
          {phone ? (
            <Button
              className="session-touch"
              icon={<UnorderedListOutlined />}
              aria-label="会话列表"
              onClick={() => setListOpen(true)}
            />
          ) : null}
          <Typography.Title level={5} ellipsis style={{ margin: 0, flex: 1, minWidth: 0 }} data-testid="session-title">
            {title}
          </Typography.Title>
          {extra}
          {!filesColumn && files ? (
            <Button
              className="session-touch"
              icon={<FileTextOutlined />}
              onClick={() => setFilesOpen(true)}
              data-testid="session-files-button"
            >
              {filesLabel}
              {fileCount ? ` ${fileCount}` : ''}
            </Button>
          ) : null}
        </header>
        <div className="session-body">{children}</div>
      </section>
      {files && filesColumn ? <aside className="session-files">{files}</aside> : null}
      {files && !filesColumn ? (
        <Drawer
          open={filesOpen}
          onClose={() => setFilesOpen(false)}
          placement={phone ? 'bottom' : 'right'}
          size={phone ? '70dvh' : 360}
          title={filesLabel}
          styles={{ body: { padding: 12 } }}
        >
          {files}
        </Drawer>
      ) : null}
    </div>
  );
}
