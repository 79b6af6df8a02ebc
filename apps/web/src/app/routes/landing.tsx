import { useCallback, useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useNavigate, useSearchParams } from 'react-router';
import { AppIcon } from '../../components/app-icon';
import { AccessRequestPanel } from '../../features/access-requests';
import { getUserInfo } from '../../features/auth/api/get-user-info';
import { useUserStore } from '../../features/auth/store/user-store';
import { moduleTitles } from '../../features/modules/module-meta';

const specialNames: Record<string, string> = { admin: '管理控制台' };

/** Takes in the account's current rights without the 1004 warning: this page shows them itself. */
async function resyncRights(): Promise<void> {
  try {
    useUserStore.getState().setAccountInfo(await getUserInfo({ quiet: true }));
  } catch {
    // The page keeps the rights it has; the next check (or the person) tries again.
  }
}

/** Only addresses inside the portal are followed from the query string. */
const insidePortal = (path: string) => path.startsWith('/') && !path.startsWith('//');

/**
 * Shown instead of an app the account may not open. The rights are checked again first: a grant
 * made since the account was last synced opens the wanted page at once, without this page.
 */
export default function LandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const appKey = params.get('appKey') ?? '';
  const from = params.get('from') ?? '';
  const app = useUserStore((s) => s.accountInfo?.app_list.find((entry) => entry.app_key === appKey));
  const name = app?.app_name ?? specialNames[appKey] ?? moduleTitles[appKey] ?? appKey;
  const [synced, setSynced] = useState(false);
  const onGranted = useCallback(() => void resyncRights(), []);

  useEffect(() => {
    let live = true;
    void resyncRights().then(() => {
      if (!live) return;
      const fresh = useUserStore.getState().accountInfo?.app_list.find((entry) => entry.app_key === appKey);
      if (fresh?.be_authorized && insidePortal(from)) void navigate(from, { replace: true });
      else setSynced(true);
    });
    return () => {
      live = false;
    };
  }, [appKey, from, navigate]);

  if (!synced) {
    return (
      <Flex justify="center" align="center" className="portal-landing">
        <Spin aria-label="正在确认权限" />
      </Flex>
    );
  }

  const open = () => {
    const target = insidePortal(from) ? from : app?.app_url.startsWith('/') ? app.app_url : '/home';
    void navigate(target, { replace: true });
  };
  const granted = !!app?.be_authorized;
  return (
    <Flex justify="center" align="center" className="portal-landing">
      <Result
        icon={<AppIcon icon={app?.app_icon} name={name || '?'} size={72} />}
        title={
          granted
            ? `您已获得「${name}」的使用权限`
            : name
              ? `您暂无「${name}」的使用权限，请联系管理员开通`
              : '您暂无该应用的使用权限，请联系管理员开通'
        }
        subTitle={
          from && !granted ? (
            <Typography.Text type="secondary">
              目标地址：<Typography.Text code>{from}</Typography.Text>
            </Typography.Text>
          ) : null
        }
        extra={
          <Flex vertical gap={16} align="center">
            {granted ? (
              <Button type="primary" onClick={open}>
                打开「{name}」
              </Button>
            ) : app ? (
              <AccessRequestPanel appKey={app.app_key} appName={name} onGranted={onGranted} />
            ) : null}
            <Button type={granted ? 'default' : 'primary'} onClick={() => void navigate('/home', { replace: true })}>
              返回首页
            </Button>
          </Flex>
        }
      />
    </Flex>
  );
}
