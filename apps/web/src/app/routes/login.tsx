import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import type { SignInProvider } from '@portal/contract';
import { login } from '../../features/auth/api/login';
import { WorkplaceSignIn } from '../../features/auth/components/workplace-sign-in';
import { startSignIn } from '../../features/auth/utils/start-sign-in';
import { useUserStore } from '../../features/auth/store/user-store';
import { resolveLoginRedirect } from '../../features/auth/utils/login-redirect';
import { reauthFlag } from '../../features/auth/utils/reauth-flag';
import { isKnownRoute } from '../../lib/route-registry';

/** Without `code`: off to the single sign-on provider. With `code` and `state`: finish signing in. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useUserStore((s) => s.signIn);
  // A refused code + state (say, a link from someone else's sign-in) leaves the current session alone.
  const isLogin = useUserStore((s) => s.isLogin);
  const [error, setError] = useState<string>();
  const [choices, setChoices] = useState<{ providers: SignInProvider[]; oidc: boolean }>();
  // DingTalk sends the code back as `authCode`.
  const code = params.get('code') ?? params.get('authCode');
  const state = params.get('state');
  const from = params.get('from') ?? '';

  useEffect(() => {
    let cancelled = false;
    const fail = (e: unknown) => {
      if (!cancelled) setError(e instanceof Error && e.message ? e.message : '登录失败，请重试');
    };
    if (code && state && window.top && window.top !== window.self) {
      // A QR panel (iframe) came back with the code: finish in the whole window.
      window.top.location.assign(window.location.href);
    } else if (code && state) {
      login({ code, state })
        .then((result) => {
          if (cancelled) return;
          reauthFlag.clear();
          signIn({
            access_token: result.access_token,
            refresh_token: result.refresh_token,
            account_info: result.account_info,
          });
          const next = resolveLoginRedirect(result.redirect, isKnownRoute);
          if (next.kind === 'assign') window.location.assign(next.url);
          else void navigate(next.to, { replace: true });
        })
        .catch(fail);
    } else {
      startSignIn(from, reauthFlag.isSet(), navigator.userAgent)
        .then((next) => {
          if (cancelled) return;
          if (next.kind === 'redirect') window.location.assign(next.url);
          else setChoices({ providers: next.providers, oidc: next.oidc });
        })
        .catch(fail);
    }
    return () => {
      cancelled = true;
    };
  }, [code, state, from, navigate, signIn]);

  if (error) {
    return (
      <Result
        status="error"
        title="登录失败"
        subTitle={error}
        extra={[
          <Button
            key="retry"
            type="primary"
            onClick={() => window.location.assign(`/login?from=${encodeURIComponent(from)}`)}
          >
            重新登录
          </Button>,
          ...(isLogin
            ? [
                <Button
                  key="home"
                  data-testid="login-back-home"
                  onClick={() => void navigate('/home', { replace: true })}
                >
                  返回首页
                </Button>,
              ]
            : []),
        ]}
      />
    );
  }
  if (choices && !code) {
    return (
      <WorkplaceSignIn
        providers={choices.providers}
        oidc={choices.oidc}
        from={from}
        forceLogin={reauthFlag.isSet()}
        title="登录"
      />
    );
  }
  return <PageLoading tip={code ? '正在登录…' : '正在跳转到单点登录…'} />;
}
