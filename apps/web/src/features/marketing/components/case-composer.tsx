import { useState } from 'react';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import { MARKETING_ATTACHMENTS_MAX, type FileKind, type StoredFile } from '@portal/contract';
import { ThreadComposer } from '../../../components/thread';
import { FileUpload } from '../../../components/upload';
import { MARKETING_API } from '../api/keys';

/** Images and PDF, up to the common upload's size (section 5). */
const RULES = { kinds: ['image', 'pdf'] as FileKind[], maxBytes: 10_000_000 };

interface CaseComposerProps {
  busy: boolean;
  attachments: StoredFile[];
  onAttachmentsChange(files: StoredFile[]): void;
  /** False when the description was not taken (the draft is then kept). */
  onSend(text: string): boolean | Promise<boolean>;
  onStop?(): void;
}

/** The description box: text or pasted copy, plus campaign images and PDF as attachments. */
export function CaseComposer({ busy, attachments, onAttachmentsChange, onSend, onStop }: CaseComposerProps) {
  const [picking, setPicking] = useState(false);
  const full = attachments.length >= MARKETING_ATTACHMENTS_MAX;
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
          <PaperClipOutlined /> {full ? `最多${MARKETING_ATTACHMENTS_MAX}个附件` : '添加图片或 PDF'}
        </button>
        {attachments.map((file) => (
          <span key={file.file_id} className="mk-attachment">
            <span className="mk-attachment-name">{file.name}</span>
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
          action={`${MARKETING_API}/file/upload`}
          rules={RULES}
          hint="支持 PNG、JPG、GIF、WebP 图片和 PDF；模型目前只能看到附件的文件名"
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
