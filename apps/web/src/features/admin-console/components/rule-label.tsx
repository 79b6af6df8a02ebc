import { canonicalPersonName } from '@portal/contract';
import Tag from 'antd/es/tag';

const TYPE_LABEL: Record<string, string> = {
  user: '个人',
  group: '群组',
  department: '部门',
  everyone: '所有人',
  admin: '管理员',
};

/** A rule as one line: who, which app, allow or deny. */
export function RuleLabel({
  rule,
  departmentName,
}: {
  rule: { subject_type: string; subject: string; app_key: string; effect: string } | null;
  departmentName?: (key: string) => string | undefined;
}) {
  if (!rule) return <Tag>无规则（不可用）</Tag>;
  const who =
    rule.subject_type === 'everyone'
      ? ''
      : rule.subject_type === 'department'
        ? (departmentName?.(rule.subject) ?? rule.subject)
        : rule.subject_type === 'user'
          ? canonicalPersonName(rule.subject)
          : rule.subject;
  return (
    <span>
      <Tag color={rule.effect === 'allow' ? 'green' : 'red'}>{rule.effect === 'allow' ? '允许' : '拒绝'}</Tag>
      {TYPE_LABEL[rule.subject_type] ?? rule.subject_type}
      {who ? `：${who}` : ''}
      {rule.app_key === '*' ? '（全部应用）' : ''}
    </span>
  );
}
