import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { useNavigate, useSearchParams } from 'react-router';
import { AppIcon } from '../../components/app-icon';
import { AccessRequestPanel } from '../../features/access-requests';
import { useUserStore } from '../../features/auth/store/user-store';
import { moduleTitles } from '../../features/modules/module-meta';

const specialNames: Record<string, string> = { admin: '管理控制台' };

/** Shown instead of an app the account may not open. */
export default function LandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const appKey = params.get('appKey') ?? '';
  const from = params.get('from') ?? '';
  const app = useUserStore((s) => s.accountInfo?.app_list.find((entry) => entry.app_key === appKey));
  const name = app?.app_name ?? specialNames[appKey] ?? moduleTitles[appKey] ?? appKey;

  return (
    <Flex justify="center" align="center" className="portal-landing">
      <Result
        icon={<AppIcon icon={app?.app_icon} name={name || '?'} size={72} />}
        title={name ? `您暂无「${name}」的使用权限，请联系管理员开通` : '您暂无该应用的使用权限，请联系管理员开通'}
        subTitle={
          from ? (
            <Typography.Text type="secondary">
              目标地址：<Typography.Text code>{from}</Typography.Text>
            </Typography.Text>
          ) : null
        }
        extra={
          <Flex vertical gap={16} align="center">
            {app?.be_authorized ? (
              <Button
                type="primary"
                onClick={() => void navigate(app.app_url.startsWith('/') ? app.app_url : '/home', { replace: true })}
              >
                已获得权限，打开「{name}」
              </Button>
            ) : app ? (
              <AccessRequestPanel appKey={app.app_key} appName={name} />
            ) : null}
            <Button
              type={app?.be_authorized ? 'default' : 'primary'}
              onClick={() => void navigate('/home', { replace: true })}
            >
              返回首页
            </Button>
          </Flex>
        }
      />
    </Flex>
  );
}
