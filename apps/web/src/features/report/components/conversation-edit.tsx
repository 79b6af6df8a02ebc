import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { REPORT_MAX_PER_CONVERSATION, type ReportConversation } from '@portal/contract';
import { useState } from 'react';
import { editConversation } from '../api/edit-conversation';
import { useReportCategories } from '../api/list-categories';

interface ConversationEditProps {
  conversation: ReportConversation;
  onClose: () => void;
  onSaved: (conversation: ReportConversation) => void;
}

/** Renames a report conversation and changes its reports (ready ones of the library). */
export function ConversationEdit({ conversation, onClose, onSaved }: ConversationEditProps) {
  const [title, setTitle] = useState(conversation.title);
  const [reportIds, setReportIds] = useState(conversation.reports.map((r) => r.report_id));
  const [saving, setSaving] = useState(false);
  const library = useReportCategories('');
  const options = (library.data?.list ?? []).flatMap((c) =>
    c.reports
      .filter((r) => r.status === 'ready' || reportIds.includes(r.report_id))
      .map((r) => ({ value: r.report_id, label: `${r.title}（${c.name}）` })),
  );
  const problem = !title.trim()
    ? '标题不能为空'
    : reportIds.length === 0
      ? '请至少选择一份报告'
      : reportIds.length > REPORT_MAX_PER_CONVERSATION
        ? `一次最多选择 ${REPORT_MAX_PER_CONVERSATION} 份报告`
        : null;

  const save = async () => {
    if (problem) return;
    setSaving(true);
    try {
      onSaved(
        await editConversation({
          conversation_id: conversation.conversation_id,
          title: title.trim(),
          report_ids: reportIds,
        }),
      );
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="编辑会话"
      okText="保存"
      cancelText="取消"
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: problem !== null }}
      width={560}
    >
      <div className="report-edit">
        <label className="report-edit-field">
          <Typography.Text>会话标题</Typography.Text>
          <Input value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} aria-label="会话标题" />
        </label>
        <label className="report-edit-field">
          <Typography.Text>会话中的报告</Typography.Text>
          <Select
            mode="multiple"
            aria-label="会话中的报告"
            value={reportIds}
            onChange={setReportIds}
            options={options}
            loading={library.isPending}
            optionFilterProp="label"
            placeholder="选择报告"
          />
        </label>
        {conversation.missing_report_ids.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={`${conversation.missing_report_ids.length} 份报告已删除，保存后将从会话中移除；已有的问答仍然保留。`}
          />
        ) : null}
        {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
      </div>
    </Modal>
  );
}
