import type { ReactNode } from 'react';
import Tabs from 'antd/es/tabs';
import { useSearchParams } from 'react-router';
import { AppsTab } from './apps-tab';
import { AuditTab } from './audit-tab';
import { PeopleTab } from './people-tab';
import { QuotasTab } from './quotas-tab';
import { RequestsTab } from './requests-tab';
import { RightsTab } from './rights-tab';

const TABS = ['apps', 'rights', 'quotas', 'people', 'requests', 'audit', 'analytics'] as const;
type TabKey = (typeof TABS)[number];

interface Props {
  /** The analytics dashboard, composed in by the route (features do not import each other). */
  analytics: ReactNode;
}

/** The administrators' console at /admin; the open tab is kept in `?tab=` so it survives a reload. */
export function AdminConsolePage({ analytics }: Props) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') ?? 'apps';
  const active: TabKey = (TABS as readonly string[]).includes(raw) ? (raw as TabKey) : 'apps';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setParams({ tab: key }, { replace: true })}
      destroyOnHidden
      style={{ padding: '0 16px' }}
      items={[
        { key: 'apps', label: '应用', children: <AppsTab /> },
        { key: 'rights', label: '权限', children: <RightsTab /> },
        { key: 'quotas', label: '配额', children: <QuotasTab /> },
        { key: 'people', label: '人员', children: <PeopleTab /> },
        { key: 'requests', label: '权限申请', children: <RequestsTab /> },
        { key: 'audit', label: '审计日志', children: <AuditTab /> },
        { key: 'analytics', label: '数据看板', children: analytics },
      ]}
    />
  );
}
