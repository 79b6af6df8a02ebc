import { useState } from 'react';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import Tag from 'antd/es/tag';
import {
  docStatusLabels,
  MARKETING_ATTACHMENT_KINDS,
  MARKETING_ATTACHMENTS_MAX,
  type MarketingAttachmentStatus,
  type StoredFile,
} from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { ThreadComposer } from '../../../components/thread';
import { FileUpload } from '../../../components/upload';
import { useAttachmentStatus } from '../api/attachment-status';

/** Images and documents, up to the common upload's size (section 5). */
const RULES = { kinds: [...MARKETING_ATTACHMENT_KINDS], maxBytes: 10_000_000 };

/** A document's parse state in words: 解析中 until it settles, then 已就绪 or 失败 with the reason. */
function AttachmentState({ state }: { state: MarketingAttachmentStatus | undefined }) {
  if (!state || (state.status !== 'ready' && state.status !== 'failed')) {
    return <Tag color="processing">解析中</Tag>;
  }
  if (state.status === 'ready') return <Tag color="success">{docStatusLabels.ready}</Tag>;
  return (
    <Tag color="error" title={state.reason ?? undefined}>
      失败{state.reason ? `：${state.reason}` : ''}
    </Tag>
  );
}

interface CaseComposerProps {
  busy: boolean;
  attachments: StoredFile[];
  onAttachmentsChange(files: StoredFile[]): void;
  /** False when the description was not taken (the draft is then kept). */
  onSend(text: string): boolean | Promise<boolean>;
  onStop?(): void;
}

/** The description box: text or pasted copy, plus campaign images and documents (with their parse state). */
export function CaseComposer({ busy, attachments, onAttachmentsChange, onSend, onStop }: CaseComposerProps) {
  const [picking, setPicking] = useState(false);
  const full = attachments.length >= MARKETING_ATTACHMENTS_MAX;
  const states = useAttachmentStatus(attachments).data;
  const footer = (
    <div className="mk-attachments">
      <div className="mk-attachment-row">
        <button
          type="button"
          className="mk-chip"
          aria-expanded={picking}
          disabled={busy || full}
          onClick={() => setPicking((v) => !v)}
        >
          <PaperClipOutlined /> {full ? `最多${MARKETING_ATTACHMENTS_MAX}个附件` : '添加图片或文档'}
        </button>
        {attachments.map((file) => (
          <span key={file.file_id} className="mk-attachment">
            <span className="mk-attachment-name">{file.name}</span>
            {file.mime.startsWith('image/') ? null : (
              <AttachmentState state={states?.find((s) => s.file_id === file.file_id)} />
            )}
            <button
              type="button"
              className="mk-attachment-remove"
              aria-label={`移除附件 ${file.name}`}
              disabled={busy}
              onClick={() => onAttachmentsChange(attachments.filter((f) => f.file_id !== file.file_id))}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      {picking && !full ? (
        <FileUpload
          action={marketingEndpoints.fileUpload.path}
          rules={RULES}
          hint="支持 PNG、JPG、GIF、WebP 图片和 PDF、Word、TXT 文档；文档的文字会提供给模型，图片只提供文件名"
          disabled={busy}
          onUploaded={(file) => {
            onAttachmentsChange([...attachments, file]);
            setPicking(false);
          }}
        />
      ) : null}
    </div>
  );
  return (
    <ThreadComposer
      draftScope="marketing"
      footer={footer}
      busy={busy}
      onSend={onSend}
      onStop={onStop}
      placeholder="描述营销活动：背景、做法、渠道、数据，或粘贴文案；Enter 发送，Shift + Enter 换行"
    />
  );
}
