import {
  canonicalPersonName,
  moduleTitleByName,
  type ModuleName,
  type ModuleUsage,
  type QuotaPeriod,
} from '@portal/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { usePersonUsage } from '../api/get-person-usage';
import { useDepartmentNames } from '../hooks/use-department-names';

const PERIOD_LABEL: Record<QuotaPeriod, string> = { day: '每天', week: '每周', month: '每月' };
const moduleLabel = (key: string) => moduleTitleByName[key as ModuleName] ?? key;
const timeLabel = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** The rule that decides a module's limit, in words: 部门「市场部」的配额规则, or 默认配额. */
export function usageRuleText(usage: ModuleUsage, departmentName: (key: string) => string | undefined): string {
  const rule = usage.rule;
  if (usage.source === 'config' || !rule) return '默认配额';
  switch (rule.subject_type) {
    case 'user':
      return `个人「${canonicalPersonName(rule.subject)}」的配额规则`;
    case 'department':
      return `部门「${departmentName(rule.subject) ?? rule.subject}」的配额规则`;
    case 'group':
      return `群组「${rule.subject}」的配额规则`;
    default:
      return '所有人的配额规则';
  }
}

/** One person's usage per module (已用 / 上限, deciding rule, reset time) and asks per day of the last 30 days. */
export function PersonUsageSection({ userId }: { userId: number }) {
  const usage = usePersonUsage(userId);
  const { names } = useDepartmentNames();

  if (usage.isLoading) return <Skeleton active paragraph={{ rows: 3 }} aria-label="正在加载用量" />;
  if (usage.isError || !usage.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="用量加载失败"
        action={
          <Button size="small" onClick={() => void usage.refetch()}>
            重试
          </Button>
        }
      />
    );
  }

  const { modules, days } = usage.data;
  const active = days.filter((d) => Object.values(d.counts).some((n) => n > 0)).reverse();
  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={8} role="list" aria-label="各模块用量">
        {modules.map((m) => (
          <div key={m.module} role="listitem" style={{ borderBottom: '1px solid rgba(5,5,5,0.06)', paddingBottom: 8 }}>
            <Flex justify="space-between" align="baseline" wrap gap={8}>
              <Typography.Text strong>{moduleLabel(m.module)}</Typography.Text>
              <span>
                已用 {m.used} / {m.limit === null ? <Tag color="green">不限次数</Tag> : `上限 ${m.limit}`}
              </span>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              依据：{usageRuleText(m, (key) => names.get(key))}
              {m.period ? `（${PERIOD_LABEL[m.period]}）` : ''}
              {m.limit === null ? '' : ` · ${timeLabel(m.resets_at)} 重置`}
            </Typography.Text>
          </div>
        ))}
      </Flex>
      <Typography.Text strong>近 30 天使用次数</Typography.Text>
      {active.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近 30 天没有使用记录" />
      ) : (
        <Table
          rowKey="date"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={active}
          columns={[
            { title: '日期', dataIndex: 'date', fixed: 'left' },
            ...modules.map((m) => ({
              title: moduleLabel(m.module),
              key: m.module,
              align: 'right' as const,
              render: (_: unknown, d: (typeof days)[number]) => d.counts[m.module] ?? 0,
            })),
          ]}
        />
      )}
    </Flex>
  );
}
