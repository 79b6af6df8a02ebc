import { useEffect, useMemo, useRef, useState } from 'react';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import LeftOutlined from '@ant-design/icons/es/icons/LeftOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { AppIcon } from '../../components/app-icon';
import { useUserStore } from '../../features/auth/store/user-store';
import { useOpenApp } from '../../features/catalogue/hooks/use-open-app';
import { usePhoneLayout } from '../../features/layout/hooks/use-phone-layout';
import { useSidebarExpanded } from '../../features/layout/hooks/use-sidebar-expanded';
import { NoticeBell } from '../../features/notices';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { routeNamesOf } from '../route-handle';
import { SideNav, type SideNavItem } from './side-nav';
import { UserMenu } from './user-menu';

/**
 * Side bar of the apps the account may open, header with the user menu. On a phone the side bar
 * is a drawer behind the header's menu button. Plain elements and CSS rather than antd Layout:
 * Sider brings tooltip and motion code into every page's first load.
 */
export default function AppLayout() {
  const [expanded, setExpanded] = useSidebarExpanded();
  const phone = usePhoneLayout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const account = useUserStore((s) => s.accountInfo);
  const navigate = useNavigate();
  const location = useLocation();
  const openApp = useOpenApp();
  const current = routeNamesOf(useMatches())[0];
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const title = getRuntimeConfig().title;

  // A new page closes the drawer; so does growing out of phone width.
  useEffect(() => setDrawerOpen(false), [location.key, phone]);

  useEffect(() => {
    if (!drawerOpen) return;
    drawer.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

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
    setDrawerOpen(false);
    if (key === 'home' || key === 'admin') return void navigate(`/${key}`);
    const app = apps.find((entry) => entry.app_key === key);
    if (app) void openApp(app);
  };
  // The drawer always shows names; only the desktop side bar collapses to icons.
  const collapsed = !phone && !expanded;

  return (
    <div className="portal-shell">
      <aside
        ref={drawer}
        id="portal-side-bar"
        className={`portal-side${collapsed ? ' portal-side-collapsed' : ''}${drawerOpen ? ' portal-side-open' : ''}`}
        aria-label="侧边栏"
        data-testid="side-bar"
        // Off screen on a phone until opened: keep it out of the tab order and the accessibility tree.
        inert={phone && !drawerOpen ? true : undefined}
      >
        <div className="portal-sider-title portal-ellipsis" style={{ textAlign: collapsed ? 'center' : 'left' }}>
          {collapsed ? title.slice(0, 1) : title}
        </div>
        <div className="portal-side-scroll">
          <SideNav items={items} selectedKey={current} collapsed={collapsed} onSelect={onSelect} />
        </div>
        {phone ? null : (
          <button
            type="button"
            className="portal-side-toggle"
            aria-label={expanded ? '收起侧边栏' : '展开侧边栏'}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? <LeftOutlined /> : <RightOutlined />}
          </button>
        )}
      </aside>
      {phone && drawerOpen ? (
        <div className="portal-drawer-mask" data-testid="drawer-mask" onClick={() => setDrawerOpen(false)} />
      ) : null}
      <div className="portal-main">
        <header className="portal-header">
          {phone ? (
            <>
              <button
                ref={menuButton}
                type="button"
                className="portal-icon-button"
                aria-label="打开应用导航"
                aria-controls="portal-side-bar"
                aria-expanded={drawerOpen}
                data-testid="drawer-button"
                onClick={() => setDrawerOpen(true)}
              >
                <MenuOutlined />
              </button>
              <span className="portal-header-title portal-ellipsis">{title}</span>
            </>
          ) : null}
          <NoticeBell />
          <UserMenu compact={phone} />
        </header>
        <main className="portal-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
