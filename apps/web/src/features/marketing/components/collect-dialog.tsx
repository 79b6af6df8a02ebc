import { useEffect, useState } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import {
  MARKETING_COLLECT_TITLE_MAX_CHARS,
  MARKETING_NOTE_MAX_CHARS,
  MARKETING_TAG_MAX_CHARS,
  MARKETING_TAGS_MAX,
} from '@portal/contract';

export interface CollectValues {
  title: string;
  tags: string[];
  note: string;
}

interface CollectDialogProps {
  open: boolean;
  /** Prefilled values: the conversation's title, or what the saved case holds. */
  initial: CollectValues;
  /** Tags the user used before, offered first. */
  knownTags: string[];
  /** Rejects when the server refused; the dialog then stays open. */
  onSubmit(values: CollectValues): Promise<void>;
  onClose(): void;
}

/** Checks the server repeats; here they answer before the request. */
export function tagProblem(tags: string[]): string | undefined {
  if (tags.length > MARKETING_TAGS_MAX) return `最多${MARKETING_TAGS_MAX}个标签`;
  if (tags.some((t) => t.trim().length > MARKETING_TAG_MAX_CHARS))
    return `每个标签不能超过${MARKETING_TAG_MAX_CHARS}个字`;
  return undefined;
}

/** 收藏: a name, tags to find the case by, and a note. */
export function CollectDialog({ open, initial, knownTags, onSubmit, onClose }: CollectDialogProps) {
  const [form] = Form.useForm<CollectValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue(initial);
  }, [open, initial, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit({
        title: values.title.trim(),
        tags: values.tags.map((t) => t.trim()).filter(Boolean),
        note: values.note ?? '',
      });
      onClose();
    } catch {
      // The HTTP client has shown the server's message; the dialog keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="收藏案例"
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()}>
        <Form.Item
          name="title"
          label="收藏名称"
          rules={[
            { required: true, whitespace: true, message: '收藏名称不能为空' },
            {
              max: MARKETING_COLLECT_TITLE_MAX_CHARS,
              message: `收藏名称不能超过${MARKETING_COLLECT_TITLE_MAX_CHARS}个字`,
            },
          ]}
        >
          <Input maxLength={MARKETING_COLLECT_TITLE_MAX_CHARS} autoFocus />
        </Form.Item>
        <Form.Item
          name="tags"
          label="标签"
          extra={`回车添加，最多${MARKETING_TAGS_MAX}个，每个不超过${MARKETING_TAG_MAX_CHARS}个字`}
          rules={[
            {
              validator: (_, tags: string[] = []) => {
                const problem = tagProblem(tags);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder="如：茶饮、节点营销、小红书"
            options={knownTags.map((t) => ({ value: t, label: t }))}
            tokenSeparators={[',', '，']}
            aria-label="标签"
          />
        </Form.Item>
        <Form.Item
          name="note"
          label="备注"
          rules={[{ max: MARKETING_NOTE_MAX_CHARS, message: `备注不能超过${MARKETING_NOTE_MAX_CHARS}个字` }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={MARKETING_NOTE_MAX_CHARS}
            showCount
            placeholder="为什么值得收藏"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
