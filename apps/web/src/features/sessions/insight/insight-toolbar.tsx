import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import FileSearchOutlined from '@ant-design/icons/es/icons/FileSearchOutlined';
import SnippetsOutlined from '@ant-design/icons/es/icons/SnippetsOutlined';
import { SESSION_PASTED_TEXT_MAX_CHARS } from '@portal/contract';

interface InsightToolbarProps {
  busy: boolean;
  /** Some uploaded voice is parsed and ready. */
  hasFiles: boolean;
  onReport(shown: string, text?: string): void;
}

/** 生成洞察报告 from the session's files, or from customer voice pasted here. */
export function InsightToolbar({ busy, hasFiles, onReport }: InsightToolbarProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const submit = () => {
    if (!text.trim()) return;
    onReport('生成洞察报告（粘贴的用户原声）', text.trim());
    setText('');
    setOpen(false);
  };
  return (
    <div className="session-toolbar" role="group" aria-label="洞察">
      <Button
        type="primary"
        icon={<FileSearchOutlined />}
        disabled={busy || !hasFiles}
        title={hasFiles ? undefined : '请先上传并等待文件解析完成，或粘贴用户原声'}
        onClick={() => onReport('根据会话文件生成洞察报告')}
      >
        生成洞察报告
      </Button>
      <Button icon={<SnippetsOutlined />} disabled={busy} onClick={() => setOpen(true)}>
        粘贴用户原声
      </Button>
      <Modal
        open={open}
        title="粘贴用户原声"
        okText="生成洞察报告"
        cancelText="取消"
        okButtonProps={{ disabled: !text.trim() }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 6, maxRows: 14 }}
          maxLength={SESSION_PASTED_TEXT_MAX_CHARS}
          placeholder="粘贴评论、反馈或访谈记录，每行一条"
          aria-label="用户原声"
        />
      </Modal>
    </div>
  );
}
