import { useState } from 'react';
import type { AdminUser } from '@portal/contract';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useLinkAccounts, useUnlinkAccount } from '../api/link-accounts';

const label = (p: AdminUser) => `${p.identity ?? p.login ?? ''}（${p.user_name}）`;

/**
 * The person's accounts in other providers. Linking is the administrator's explicit act (audited):
 * afterwards a rule or admin entry naming either account covers both. Candidates are the people
 * the current search shows.
 */
export function LinkedAccountsSection({ person, people }: { person: AdminUser; people: readonly AdminUser[] }) {
  const link = useLinkAccounts();
  const unlink = useUnlinkAccount();
  const [other, setOther] = useState<number>();
  const linkedIds = person.linked_user_ids ?? [];
  const linked = people.filter((p) => linkedIds.includes(p.id));
  const candidates = people.filter((p) => p.id !== person.id && !linkedIds.includes(p.id));

  return (
    <Flex vertical gap={8}>
      {linkedIds.length > 0 ? (
        <Space size={4} wrap>
          {linked.map((p) => (
            <Tag key={p.id}>{label(p)}</Tag>
          ))}
          {linked.length < linkedIds.length ? <Tag>另有 {linkedIds.length - linked.length} 个账号</Tag> : null}
        </Space>
      ) : (
        <Typography.Text type="secondary">未关联其他账号</Typography.Text>
      )}
      <Space size={4} wrap>
        <Select
          aria-label="同一人的其他账号"
          showSearch
          optionFilterProp="label"
          style={{ width: 260 }}
          placeholder="选择同一人的其他账号"
          value={other}
          onChange={setOther}
          options={candidates.map((p) => ({ value: p.id, label: label(p) }))}
        />
        <Popconfirm
          title="关联后，指向任一账号的规则和管理员设置对所有关联账号都生效。确定关联？"
          onConfirm={() =>
            other !== undefined &&
            link.mutate({ user_id: person.id, other_user_id: other }, { onSuccess: () => setOther(undefined) })
          }
        >
          <Button size="small" disabled={other === undefined} loading={link.isPending}>
            关联
          </Button>
        </Popconfirm>
        {linkedIds.length > 0 ? (
          <Popconfirm title="解除后此账号单独计算权限。确定解除关联？" onConfirm={() => unlink.mutate(person.id)}>
            <Button size="small" loading={unlink.isPending}>
              解除关联
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    </Flex>
  );
}
