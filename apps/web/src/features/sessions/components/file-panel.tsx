import { useState } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import LoadingOutlined from '@ant-design/icons/es/icons/LoadingOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import { docStatusText, formatFileSize, type SessionFile } from '@portal/contract';
import { FileUpload } from '../../../components/upload';
import { deleteFile, reloadFile, sessionFileParser, uploadUrl } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';
import { isPending, type useSessionFiles } from '../hooks/use-session-files';

const STATUS_COLORS: Record<SessionFile['status'], string> = {
  queued: 'default',
  parsing: 'processing',
  ocr: 'processing',
  ready: 'success',
  failed: 'error',
};

interface FilePanelProps {
  config: SessionModuleConfig;
  sessionId: string;
  files: ReturnType<typeof useSessionFiles>;
  onView(file: SessionFile): void;
}

function countLabel(file: SessionFile): string {
  if (file.page_count === null) return formatFileSize(file.size);
  return `${formatFileSize(file.size)} · ${file.page_count} ${file.mime === 'application/pdf' ? '页' : '段'}`;
}

/** Upload (with the checks of section 5), each file's status while it is parsed, view, re-parse, delete. */
export function FilePanel({ config, sessionId, files, onView }: FilePanelProps) {
  const [working, setWorking] = useState<string | null>(null);

  const run = async (fileId: string, action: () => Promise<void>) => {
    setWorking(fileId);
    try {
      await action();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setWorking(null);
    }
  };

  const reload = (file: SessionFile) =>
    run(file.file_id, async () => {
      files.upsert(await reloadFile(config, sessionId, file.file_id));
    });
  const remove = (file: SessionFile) =>
    run(file.file_id, async () => {
      await deleteFile(config, sessionId, file.file_id);
      files.remove(file.file_id);
    });

  let list;
  if (files.query.isPending) {
    list = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  } else if (files.query.isError) {
    list = (
      <div className="session-error" role="alert">
        <span>文件列表加载失败</span>
        <Button size="small" onClick={() => void files.query.refetch()}>
          重试
        </Button>
      </div>
    );
  } else if (files.files.length === 0) {
    list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有文件" />;
  } else {
    list = (
      <ul className="session-file-list" aria-label="文件列表">
        {files.files.map((file) => (
          <li key={file.file_id} className="session-file" data-status={file.status} data-testid="session-file">
            <div className="session-file-top">
              <span className="session-file-name" title={file.name}>
                {file.name}
              </span>
              <Tag
                color={STATUS_COLORS[file.status]}
                icon={isPending(file) ? <LoadingOutlined /> : undefined}
                data-testid="session-file-status"
              >
                {docStatusText(file.status, file.ocr_progress)}
              </Tag>
            </div>
            <div className="session-file-meta">{countLabel(file)}</div>
            {file.status === 'failed' && file.reason ? (
              <div className="session-file-reason" role="alert">
                {file.reason}
              </div>
            ) : null}
            {/* A ready file's reason is a note of what was skipped (第 2 页图片过大，已跳过识别). */}
            {file.status === 'ready' && file.reason ? (
              <div className="session-file-note" data-testid="session-file-note">
                {file.reason}
              </div>
            ) : null}
            <div className="session-file-actions">
              {file.status === 'ready' ? (
                <Button size="small" type="text" icon={<EyeOutlined />} onClick={() => onView(file)}>
                  查看
                </Button>
              ) : null}
              {!isPending(file) ? (
                <Button
                  size="small"
                  type="text"
                  icon={<RedoOutlined />}
                  loading={working === file.file_id}
                  onClick={() => void reload(file)}
                >
                  {file.status === 'failed' ? '重试' : '重新解析'}
                </Button>
              ) : null}
              <Popconfirm
                title="删除这个文件？"
                description="文件及其解析结果都会删除。"
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(file)}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除 ${file.name}`}>
                  删除
                </Button>
              </Popconfirm>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="session-file-panel">
      <FileUpload<SessionFile>
        action={uploadUrl(config, sessionId)}
        schema={sessionFileParser}
        rules={config.upload}
        accept={config.accept}
        hint={config.uploadHint}
        multiple
        onUploaded={files.upsert}
      />
      {list}
    </div>
  );
}
