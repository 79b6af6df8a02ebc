import {
  moduleTitleByName,
  QUOTA_KEYS,
  type ModuleName,
  type QuotaPeriod,
  type QuotaRuleView,
  type QuotaSubjectType,
} from '@portal/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useDeleteQuota } from '../api/delete-quota';
import { useQuotas } from '../api/get-quotas';
import { useSetQuota } from '../api/set-quota';
import { useDepartmentNames } from '../hooks/use-department-names';

const SUBJECT_TYPES: Array<{ value: QuotaSubjectType; label: string }> = [
  { value: 'user', label: '个人（登录名）' },
  { value: 'department', label: '部门（含下级部门）' },
  { value: 'group', label: '群组' },
  { value: 'everyone', label: '所有人' },
];
const SUBJECT_LABEL: Record<QuotaSubjectType, string> = {
  user: '个人',
  department: '部门',
  group: '群组',
  everyone: '所有人',
};
const PERIOD_LABEL: Record<QuotaPeriod, string> = { day: '每天', week: '每周', month: '每月' };

interface FormValues {
  subject_type: QuotaSubjectType;
  subject?: string;
  module: string;
  unlimited: boolean;
  limit?: number;
  period: QuotaPeriod;
}

const moduleLabel = (key: string) => moduleTitleByName[key as ModuleName] ?? key;
const moduleOptions = QUOTA_KEYS.map((key) => ({ value: key, label: moduleLabel(key) }));
const fieldStyle = { width: '100%', minWidth: 160, maxWidth: 260 };

/** 配额: asks per module by person, department, group or everyone, replacing the configured default. */
export function QuotasTab() {
  const quotas = useQuotas();
  const setQuota = useSetQuota();
  const deleteQuota = useDeleteQuota();
  const { names: deptNames } = useDepartmentNames();
  const [form] = Form.useForm<FormValues>();
  const subjectType = Form.useWatch('subject_type', form);
  const unlimited = Form.useWatch('unlimited', form);

  const submit = (v: FormValues) =>
    void setQuota
      .mutateAsync({
        subject_type: v.subject_type,
        subject: v.subject_type === 'everyone' ? '*' : (v.subject ?? ''),
        module: v.module,
        limit: v.unlimited ? null : (v.limit ?? 0),
        period: v.period,
      })
      .then(() => form.resetFields());

  const who = (r: QuotaRuleView) =>
    r.subject_type === 'everyone'
      ? SUBJECT_LABEL.everyone
      : `${SUBJECT_LABEL[r.subject_type]}：${r.subject_type === 'department' ? (deptNames.get(r.subject) ?? r.subject) : r.subject}`;
  const defaults = Object.entries(quotas.data?.defaults ?? {}).filter(([, n]) => n !== null);

  return (
    <Flex vertical gap={16}>
      <Card size="small" title="新增或修改配额">
        <Form
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{ subject_type: 'department', unlimited: false, period: 'day', limit: 50 }}
          onFinish={submit}
        >
          <Form.Item name="subject_type" label="对象">
            <Select style={fieldStyle} options={SUBJECT_TYPES} aria-label="对象类型" />
          </Form.Item>
          {subjectType === 'department' ? (
            <Form.Item name="subject" rules={[{ required: true, message: '请选择部门' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                style={fieldStyle}
                aria-label="部门"
                placeholder="选择部门（先同步通讯录）"
                options={[...deptNames].map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          ) : subjectType !== 'everyone' ? (
            <Form.Item name="subject" rules={[{ required: true, whitespace: true, message: '请填写', max: 200 }]}>
              <Input
                style={fieldStyle}
                placeholder={subjectType === 'group' ? '群组名' : '如 wecom:wangwei；无前缀为 OIDC 登录名'}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="module" label="模块" rules={[{ required: true, message: '请选择模块' }]}>
            <Select style={fieldStyle} options={moduleOptions} aria-label="模块" />
          </Form.Item>
          <Form.Item name="unlimited">
            <Select
              style={{ width: 110 }}
              aria-label="额度类型"
              options={[
                { value: false, label: '限制次数' },
                { value: true, label: '不限次数' },
              ]}
            />
          </Form.Item>
          {unlimited ? null : (
            <>
              <Form.Item name="period">
                <Select
                  style={{ width: 90 }}
                  aria-label="周期"
                  options={Object.entries(PERIOD_LABEL).map(([value, label]) => ({ value, label }))}
                />
              </Form.Item>
              <Form.Item name="limit" rules={[{ required: true, message: '请填写次数' }]}>
                <InputNumber
                  min={0}
                  max={1_000_000}
                  precision={0}
                  suffix="次"
                  style={{ width: 140 }}
                  aria-label="次数"
                />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" loading={setQuota.isPending}>
            保存配额
          </Button>
        </Form>
        {setQuota.isError ? (
          <Alert style={{ marginTop: 8 }} type="error" showIcon title={setQuota.error.message || '保存失败，请重试'} />
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          个人配额优先；其次是最近的部门（部门配额对所有下级部门生效），再次是群组，最后是所有人。同一层级有多条时取最宽松的一条。没有任何配额时使用系统配置的默认额度
          {defaults.length > 0 ? `（${defaults.map(([k, n]) => `${moduleLabel(k)} ${n} 次`).join('，')}）` : ''}。
        </Typography.Paragraph>
      </Card>

      {quotas.isError ? <Alert type="error" showIcon title="配额加载失败，请刷新重试" /> : null}
      <Table
        rowKey="id"
        size="small"
        loading={quotas.isLoading}
        dataSource={quotas.data?.list ?? []}
        pagination={{ pageSize: 20 }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '还没有配额规则，所有人使用默认额度' }}
        columns={[
          { title: '对象', render: (_, r) => who(r) },
          { title: '模块', render: (_, r) => moduleLabel(r.module), width: 120 },
          {
            title: '额度',
            width: 120,
            render: (_, r) =>
              r.limit === null ? <Tag color="green">不限次数</Tag> : `${PERIOD_LABEL[r.period]} ${r.limit} 次`,
          },
          {
            title: '操作',
            width: 80,
            render: (_, r) => (
              <Popconfirm title="删除这条配额？" onConfirm={() => deleteQuota.mutate(r.id)}>
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
}
