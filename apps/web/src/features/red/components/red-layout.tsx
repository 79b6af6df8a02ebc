import Tabs from 'antd/es/tabs';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import './red.css';

const tabs = [
  { key: '/red/overview', label: '订阅品类洞察' },
  { key: '/red/top', label: '平台热点话题' },
];

/** The red module's tab list; the detail page hides it. */
export default function RedLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hideTabs = useMatches().some((m) => (m.handle as { hideTabs?: boolean } | undefined)?.hideTabs);
  const active = tabs.find((tab) => pathname.startsWith(tab.key))?.key;
  return (
    <div className="red-module">
      {hideTabs ? null : (
        <Tabs className="red-tabs" activeKey={active} items={tabs} onChange={(key) => void navigate(key)} />
      )}
      <Outlet />
    </div>
  );
}
