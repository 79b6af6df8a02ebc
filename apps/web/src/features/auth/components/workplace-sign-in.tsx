import { useState } from 'react';
import type { SignInProvider } from '@portal/contract';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { getAuthorizeUrl } from '../api/authorize';

interface Props {
  providers: SignInProvider[];
  /** The company account (OIDC); off when the server has only workplace providers. */
  oidc: boolean;
  from: string;
  forceLogin: boolean;
  title: string;
}

/**
 * The login page's choice in a desktop browser: each configured workplace provider, and the
 * company account (OIDC). WeCom and DingTalk show their QR web-login page in a panel; Feishu (and
 * the QR pages, on request) open in the whole window.
 */
export function WorkplaceSignIn({ providers, oidc, from, forceLogin, title }: Props) {
  const [qr, setQr] = useState<{ name: string; label: string; url: string }>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();

  const go = async (provider: SignInProvider | undefined) => {
    setBusy(provider?.name ?? 'oidc');
    setError(undefined);
    try {
      const url = await getAuthorizeUrl(
        from,
        forceLogin,
        provider ? { provider: provider.name, mode: 'web' } : undefined,
      );
      if (provider?.qr) setQr({ name: provider.name, label: provider.label, url });
      else window.location.assign(url);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : '获取登录地址失败，请重试');
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }} title={title}>
        {qr ? (
          <Flex vertical gap={12} align="center">
            <Typography.Text>请使用{qr.label}扫码登录</Typography.Text>
            <iframe
              key={qr.url}
              title={`${qr.label}扫码登录`}
              src={qr.url}
              style={{ width: 320, maxWidth: '100%', height: 400, border: 0 }}
              sandbox="allow-scripts allow-same-origin allow-forms allow-top-navigation allow-top-navigation-by-user-activation"
            />
            <Flex gap={8} wrap>
              <Button onClick={() => window.location.assign(qr.url)}>在当前页面打开</Button>
              <Button onClick={() => setQr(undefined)}>其他登录方式</Button>
            </Flex>
          </Flex>
        ) : (
          <Flex vertical gap={12}>
            {providers.map((p) => (
              <Button
                key={p.name}
                size="large"
                type="primary"
                block
                loading={busy === p.name}
                onClick={() => void go(p)}
              >
                {p.label}登录
              </Button>
            ))}
            {oidc ? (
              <Button size="large" block loading={busy === 'oidc'} onClick={() => void go(undefined)}>
                企业账号登录
              </Button>
            ) : null}
            {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
