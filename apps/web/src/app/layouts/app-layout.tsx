import { useMemo } from 'react';
import Layout from 'antd/es/layout';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { AppIcon } from '../../components/app-icon';
import { useUserStore } from '../../features/auth/store/user-store';
import { useOpenApp } from '../../features/catalogue/hooks/use-open-app';
import { useSidebarExpanded } from '../../features/layout/hooks/use-sidebar-expanded';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { routeNamesOf } from '../route-handle';
import { SideNav, type SideNavItem } from './side-nav';
import { UserMenu } from './user-menu';

/** Side bar of the apps the account may open, header with the user menu. */
export default function AppLayout() {
  const [expanded, setExpanded] = useSidebarExpanded();
  const account = useUserStore((s) => s.accountInfo);
  const navigate = useNavigate();
  const openApp = useOpenApp();
  const current = routeNamesOf(useMatches())[0];

  const apps = useMemo(
    () => (account?.app_list ?? []).filter((app) => app.be_authorized).sort((a, b) => a.order - b.order),
    [account],
  );
  const items: SideNavItem[] = [
    { key: 'home', icon: <AppstoreOutlined />, label: '全部应用' },
    ...apps.map((app) => ({
      key: app.app_key,
      icon: <AppIcon icon={app.app_icon} name={app.app_name} size={18} />,
      label: app.app_name,
    })),
    ...(account?.is_admin ? [{ key: 'admin', icon: <SettingOutlined />, label: '管理控制台' }] : []),
  ];
  const onSelect = (key: string) => {
    if (key === 'home' || key === 'admin') return void navigate(`/${key}`);
    const app = apps.find((entry) => entry.app_key === key);
    if (app) void openApp(app);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={!expanded}
        onCollapse={(collapsed) => setExpanded(!collapsed)}
        theme="light"
        width={220}
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        <div className="portal-sider-title portal-ellipsis" style={{ textAlign: expanded ? 'left' : 'center' }}>
          {expanded ? getRuntimeConfig().title : getRuntimeConfig().title.slice(0, 1)}
        </div>
        <SideNav items={items} selectedKey={current} collapsed={!expanded} onSelect={onSelect} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <UserMenu />
        </Layout.Header>
        <Layout.Content>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
