import { useState } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useUserAccess } from '../api/get-user-access';
import { useUsers } from '../api/get-users';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { useSignOutUser } from '../api/sign-out-user';
import { LinkedAccountsSection } from './linked-accounts-section';
import { PersonUsageSection } from './person-usage-section';
import { RuleLabel } from './rule-label';

/** Search people, see what they can open and why and how much they use, disable them, sign them out everywhere. */
export function PeopleTab() {
  const [q, setQ] = useState('');
  const users = useUsers(q);
  const disable = useSetUserDisabled();
  const signOut = useSignOutUser();
  const [inspect, setInspect] = useState<{ id: number; name: string }>();
  const access = useUserAccess(inspect?.id);
  const inspected = users.data?.list.find((u) => u.id === inspect?.id);

  return (
    <Flex vertical gap={12}>
      <Input.Search
        allowClear
        placeholder="按姓名、登录名、邮箱或手机号搜索"
        style={{ maxWidth: 360 }}
        onSearch={(v) => setQ(v.trim())}
      />
      <Table
        rowKey="id"
        size="small"
        loading={users.isLoading}
        dataSource={users.data?.list ?? []}
        pagination={{ pageSize: 20 }}
        scroll={{ x: 900 }}
        columns={[
          { title: '姓名', dataIndex: 'user_name' },
          // The provider with the login: the same login in WeCom and in OIDC is two people.
          { title: '账号', render: (_, u) => u.identity ?? u.login },
          { title: '邮箱', dataIndex: 'email', ellipsis: true },
          {
            title: '群组 / 部门',
            render: (_, u) => [...u.groups, ...(u.departments ?? [])].slice(0, 6).map((g) => <Tag key={g}>{g}</Tag>),
          },
          {
            title: '状态',
            width: 110,
            render: (_, u) => (
              <>
                {u.is_admin ? <Tag color="blue">管理员</Tag> : null}
                {u.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>}
              </>
            ),
          },
          {
            title: '操作',
            width: 240,
            render: (_, u) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setInspect({ id: u.id, name: u.user_name })}>
                  权限与用量
                </Button>
                <Popconfirm title={`让「${u.user_name}」在所有设备上退出登录？`} onConfirm={() => signOut.mutate(u.id)}>
                  <Button size="small">强制下线</Button>
                </Popconfirm>
                <Popconfirm
                  title={u.disabled ? `恢复「${u.user_name}」？` : `停用「${u.user_name}」？停用后立即退出所有登录。`}
                  onConfirm={() => disable.mutate({ user_id: u.id, disabled: !u.disabled })}
                >
                  <Button size="small" danger={!u.disabled}>
                    {u.disabled ? '恢复' : '停用'}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={!!inspect}
        title={`${inspect?.name ?? ''} 的权限与用量`}
        size="min(520px, 100vw)"
        onClose={() => setInspect(undefined)}
      >
        <Typography.Title level={5}>可以打开的应用</Typography.Title>
        <Table
          rowKey="app_key"
          size="small"
          loading={access.isLoading}
          dataSource={access.data?.list ?? []}
          pagination={false}
          columns={[
            { title: '应用', dataIndex: 'app_name' },
            {
              title: '结果',
              width: 80,
              render: (_, a) => (a.allowed ? <Tag color="green">可用</Tag> : <Tag>不可用</Tag>),
            },
            { title: '依据', render: (_, a) => <RuleLabel rule={a.rule} /> },
          ]}
        />
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          用量
        </Typography.Title>
        {inspect ? <PersonUsageSection userId={inspect.id} /> : null}
        {inspected ? (
          <>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              同一人的其他账号
            </Typography.Title>
            <LinkedAccountsSection person={inspected} people={users.data?.list ?? []} />
          </>
        ) : null}
      </Drawer>
    </Flex>
  );
}
