import { useState } from 'react';
import {
  APP_ICON_RULES,
  APP_ICON_UPLOAD_PATH,
  formatFileSize,
  TYPE_TAGS,
  type AdminAppEntry,
  type AppDefinition,
} from '@portal/contract';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useDeleteApp } from '../api/delete-app';
import { useApps } from '../api/get-apps';
import { useRotateAppSecret } from '../api/rotate-app-secret';
import { useSaveApp } from '../api/save-app';
import Typography from 'antd/es/typography';
import { AppIcon } from '../../../components/app-icon';
import { FileUpload } from '../../../components/upload';

const toDefinition = (a: AdminAppEntry): AppDefinition => ({
  app_key: a.app_key,
  app_name: a.app_name,
  app_icon: a.app_icon,
  app_url: a.app_url,
  description: a.description,
  type_tags: a.type_tags.filter((t): t is AppDefinition['type_tags'][number] =>
    (TYPE_TAGS as readonly string[]).includes(t),
  ),
  scene_tags: a.scene_tags,
  order: a.order,
  enabled: a.enabled,
  owners: a.owners,
});

/** The catalogue: create, edit, order, enable/disable, tags, owners. Icons are uploaded or given as an address. */
export function AppsTab() {
  const apps = useApps();
  const save = useSaveApp();
  const remove = useDeleteApp();
  const rotate = useRotateAppSecret();
  const [rotated, setRotated] = useState<{ name: string; secret: string }>();
  const [editing, setEditing] = useState<{ def: AppDefinition; isNew: boolean }>();
  const [form] = Form.useForm<AppDefinition>();
  const iconValue = Form.useWatch('app_icon', form) ?? '';
  const nameValue = Form.useWatch('app_name', form) ?? '';
  const list = apps.data?.list ?? [];

  const move = async (index: number, delta: -1 | 1) => {
    const a = list[index];
    const b = list[index + delta];
    if (!a || !b) return;
    // Swap the two order values; equal values get a distinct one so the move always shows.
    const [orderA, orderB] = a.order === b.order ? [b.order + delta, a.order] : [b.order, a.order];
    await save.mutateAsync({ ...toDefinition(a), order: orderA });
    await save.mutateAsync({ ...toDefinition(b), order: orderB });
  };

  const open = (def: AppDefinition, isNew: boolean) => {
    setEditing({ def, isNew });
    form.setFieldsValue(def);
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        <Button
          type="primary"
          onClick={() =>
            open(
              {
                app_key: '',
                app_name: '',
                app_icon: '',
                app_url: '',
                description: '',
                type_tags: [],
                scene_tags: [],
                order: (list.at(-1)?.order ?? 0) + 10,
                enabled: true,
                owners: [],
              },
              true,
            )
          }
        >
          新建应用
        </Button>
      </Flex>
      <Table
        rowKey="app_key"
        size="small"
        loading={apps.isLoading}
        dataSource={list}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { title: '顺序', dataIndex: 'order', width: 70 },
          { title: '标识', dataIndex: 'app_key', width: 120 },
          { title: '名称', dataIndex: 'app_name' },
          { title: '地址', dataIndex: 'app_url', ellipsis: true },
          {
            title: '标签',
            render: (_, a) => [...a.type_tags, ...a.scene_tags].map((t) => <Tag key={t}>{t}</Tag>),
          },
          {
            title: '启用',
            width: 70,
            render: (_, a) => (
              <Switch
                size="small"
                checked={a.enabled}
                aria-label={`启用 ${a.app_name}`}
                onChange={(enabled) => save.mutate({ ...toDefinition(a), enabled })}
              />
            ),
          },
          {
            title: '操作',
            width: 300,
            render: (_, a, index) => (
              <Space size={4} wrap>
                <Button size="small" disabled={index === 0} onClick={() => void move(index, -1)}>
                  上移
                </Button>
                <Button size="small" disabled={index === list.length - 1} onClick={() => void move(index, 1)}>
                  下移
                </Button>
                <Button size="small" onClick={() => open(toDefinition(a), false)}>
                  编辑
                </Button>
                {/^https?:\/\//.test(a.app_url) ? (
                  <Popconfirm
                    title={`为「${a.app_name}」生成新密钥？旧密钥将立即失效。`}
                    onConfirm={() =>
                      void rotate.mutateAsync(a.app_key).then(({ secret }) => setRotated({ name: a.app_name, secret }))
                    }
                  >
                    <Button size="small">轮换密钥</Button>
                  </Popconfirm>
                ) : null}
                <Popconfirm title={`删除「${a.app_name}」？`} onConfirm={() => remove.mutate(a.app_key)}>
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!rotated}
        title={`「${rotated?.name ?? ''}」的新密钥`}
        footer={null}
        onCancel={() => setRotated(undefined)}
        destroyOnHidden
      >
        <Typography.Paragraph>请立即复制并配置到该应用的服务端；关闭后无法再次查看。</Typography.Paragraph>
        <Typography.Paragraph code copyable>
          {rotated?.secret}
        </Typography.Paragraph>
      </Modal>
      <Modal
        open={!!editing}
        title={editing?.isNew ? '新建应用' : '编辑应用'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(undefined)}
        onOk={() =>
          void form.validateFields().then(async (values) => {
            await save.mutateAsync({ ...editing?.def, ...values } as AppDefinition);
            setEditing(undefined);
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="app_key"
            label="标识"
            rules={[{ required: true, pattern: /^[a-z][a-z0-9_-]{1,39}$/, message: '小写字母开头，2–40 个字符' }]}
          >
            <Input disabled={!editing?.isNew} />
          </Form.Item>
          <Form.Item name="app_name" label="名称" rules={[{ required: true, max: 60 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="app_url" label="地址" rules={[{ required: true, max: 500 }]}>
            <Input placeholder="/deepseek 或 https://…" />
          </Form.Item>
          <Form.Item label="图标" extra="上传图片，或在下方填写图标地址。">
            <Flex gap={12} align="center" wrap>
              <AppIcon icon={iconValue} name={nameValue || '?'} size={48} />
              <div style={{ flex: 1, minWidth: 200 }}>
                <FileUpload
                  action={APP_ICON_UPLOAD_PATH}
                  rules={APP_ICON_RULES}
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  hint={`PNG、JPG、GIF 或 WebP，不超过 ${formatFileSize(APP_ICON_RULES.maxBytes)}，最大 ${APP_ICON_RULES.maxWidth}×${APP_ICON_RULES.maxHeight} 像素`}
                  onUploaded={(file) => form.setFieldValue('app_icon', file.url)}
                />
              </div>
            </Flex>
          </Form.Item>
          <Form.Item name="app_icon" label="图标地址" rules={[{ max: 500 }]}>
            <Input placeholder="https://…/icon.png" allowClear />
          </Form.Item>
          <Form.Item name="description" label="简介" rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="type_tags" label="类型标签">
            <Select mode="multiple" options={TYPE_TAGS.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
          <Form.Item name="scene_tags" label="场景标签">
            <Select mode="tags" tokenSeparators={[',', '，']} />
          </Form.Item>
          <Form.Item name="order" label="顺序">
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item
            name="owners"
            label="应用负责人"
            extra="填写登录名；有人申请使用此应用时，负责人会收到站内通知。"
            rules={[{ type: 'array', max: 20, message: '最多 20 位负责人' }]}
          >
            <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="登录名，可填多个" open={false} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
