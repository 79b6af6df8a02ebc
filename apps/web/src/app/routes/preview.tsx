import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { MODULE_ROUTES } from '@portal/contract';
import { useNavigate } from 'react-router';
import { AppIcon } from '../../components/app-icon';
import { useUserStore } from '../../features/auth/store/user-store';
import { getRuntimeConfig } from '../../lib/runtime-config';

/**
 * `/preview`: the portal's public page. It asks the server nothing (no sign-in yet): what the
 * portal is, the apps it brings together, and the way in.
 */
export default function PreviewPage() {
  const isLogin = useUserStore((s) => s.isLogin);
  const navigate = useNavigate();
  const title = getRuntimeConfig().title;
  return (
    <main className="portal-preview">
      <Flex vertical align="center" gap={12} className="portal-preview-head">
        <Typography.Title level={2}>{title}</Typography.Title>
        <Typography.Paragraph type="secondary" className="portal-preview-lead">
          公司内部的 AI 应用门户：用公司账号登录，即可使用对话、文档分析、报告、营销与图片等 AI
          应用；数据保存在公司自己的服务器上，各应用按权限开放。
        </Typography.Paragraph>
        <Button
          type="primary"
          size="large"
          onClick={() => void navigate(isLogin ? '/home' : `/login?from=${encodeURIComponent('/home')}`)}
        >
          {isLogin ? '进入门户' : '登录'}
        </Button>
      </Flex>
      <section aria-label="门户中的应用">
        <Typography.Title level={4}>门户中的应用</Typography.Title>
        <ul className="portal-preview-apps">
          {MODULE_ROUTES.map((m) => (
            <li key={m.name} className="portal-preview-app" data-testid="preview-app">
              <AppIcon name={m.title} size={40} />
              <div>
                <Typography.Text strong>{m.title}</Typography.Text>
                {m.summary ? (
                  <Typography.Paragraph type="secondary" className="portal-preview-summary">
                    {m.summary}
                  </Typography.Paragraph>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
