import { useState } from 'react';
import type { AccessRule } from '@portal/contract';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useDeleteRule } from '../api/delete-rule';
import { useAppAccess } from '../api/get-app-access';
import { useApps } from '../api/get-apps';
import { useRules } from '../api/get-rules';
import { useSetRule } from '../api/set-rule';
import { useDepartmentNames } from '../hooks/use-department-names';
import { DirectorySyncCard } from './directory-sync-card';
import { RuleLabel } from './rule-label';

const SUBJECT_TYPES = [
  { value: 'user', label: '个人（登录名）' },
  { value: 'group', label: '群组' },
  { value: 'department', label: '部门（含下级部门）' },
  { value: 'everyone', label: '所有人' },
];

/** Rules by person, group, department or everyone; "who can open this app"; directory sync. */
export function RightsTab() {
  const rules = useRules();
  const apps = useApps();
  const setRule = useSetRule();
  const deleteRule = useDeleteRule();
  const [form] = Form.useForm<AccessRule>();
  const subjectType = Form.useWatch('subject_type', form);
  const [appKey, setAppKey] = useState<string>();
  const access = useAppAccess(appKey);

  const { names: deptNames } = useDepartmentNames();
  const appOptions = [
    { value: '*', label: '全部应用（*）' },
    ...(apps.data?.list ?? []).map((a) => ({ value: a.app_key, label: `${a.app_name}（${a.app_key}）` })),
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small" title="新增或修改规则">
        <Form
          form={form}
          layout="inline"
          initialValues={{ subject_type: 'user', effect: 'allow', subject: '' }}
          onFinish={(values) =>
            void setRule
              .mutateAsync({ ...values, subject: values.subject_type === 'everyone' ? '*' : values.subject })
              .then(() => form.resetFields())
          }
        >
          <Form.Item name="subject_type" label="对象">
            <Select style={{ width: 170 }} options={SUBJECT_TYPES} />
          </Form.Item>
          {subjectType === 'department' ? (
            <Form.Item name="subject" rules={[{ required: true, message: '请选择部门' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                style={{ width: 260 }}
                placeholder="选择部门（先同步通讯录）"
                options={[...deptNames].map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          ) : subjectType !== 'everyone' ? (
            <Form.Item name="subject" rules={[{ required: true, message: '请填写', max: 200 }]}>
              <Input
                style={{ width: 200 }}
                placeholder={subjectType === 'group' ? '群组名' : '如 wecom:wangwei；无前缀为 OIDC 登录名'}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="app_key" label="应用" rules={[{ required: true, message: '请选择应用' }]}>
            <Select showSearch optionFilterProp="label" style={{ width: 220 }} options={appOptions} />
          </Form.Item>
          <Form.Item name="effect">
            <Select
              style={{ width: 90 }}
              options={[
                { value: 'allow', label: '允许' },
                { value: 'deny', label: '拒绝' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={setRule.isPending}>
            保存规则
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          个人规则优先于群组，群组优先于部门，部门优先于所有人；同一层级拒绝优先。部门规则对尚未登录过的成员和所有下级部门同样生效。
        </Typography.Paragraph>
      </Card>

      <Table
        rowKey="id"
        size="small"
        loading={rules.isLoading}
        dataSource={rules.data?.list ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: '规则', render: (_, r) => <RuleLabel rule={r} departmentName={(k) => deptNames.get(k)} /> },
          { title: '应用', dataIndex: 'app_key', width: 140 },
          {
            title: '操作',
            width: 90,
            render: (_, r) => (
              <Popconfirm title="删除这条规则？" onConfirm={() => deleteRule.mutate(r)}>
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />

      <Card size="small" title="谁能打开这个应用">
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 260, marginBottom: 12 }}
          placeholder="选择应用"
          value={appKey}
          onChange={setAppKey}
          options={appOptions.filter((o) => o.value !== '*')}
        />
        {appKey ? (
          <Table
            rowKey="id"
            size="small"
            loading={access.isLoading}
            dataSource={access.data?.users ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: '姓名', dataIndex: 'user_name' },
              { title: '账号', render: (_, u) => u.identity ?? u.login },
              { title: '依据', render: (_, u) => <RuleLabel rule={u.rule} departmentName={(k) => deptNames.get(k)} /> },
            ]}
          />
        ) : null}
      </Card>

      <DirectorySyncCard />
    </Flex>
  );
}
