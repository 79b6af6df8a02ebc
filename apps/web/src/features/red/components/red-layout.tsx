import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { authStorage } from '../../../lib/auth-storage';
import './red.css';

const tabs = [
  { key: '/red/overview', label: '订阅品类洞察' },
  { key: '/red/top', label: '平台热点话题' },
];

/** The red module's tab list (with 导入笔记 for administrators); the detail and import pages hide it. */
export default function RedLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hideTabs = useMatches().some((m) => (m.handle as { hideTabs?: boolean } | undefined)?.hideTabs);
  const active = tabs.find((tab) => pathname.startsWith(tab.key))?.key;
  return (
    <div className="red-module">
      {hideTabs ? null : (
        <Tabs
          className="red-tabs"
          activeKey={active}
          items={tabs}
          onChange={(key) => void navigate(key)}
          tabBarExtraContent={
            authStorage.read()?.account_info.is_admin ? (
              <Button size="small" onClick={() => void navigate('/red/import')}>
                导入笔记
              </Button>
            ) : null
          }
        />
      )}
      <Outlet />
    </div>
  );
}
