import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { getAuthorizeUrl } from '../../features/auth/api/authorize';
import { login } from '../../features/auth/api/login';
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
  const code = params.get('code');
  const state = params.get('state');
  const from = params.get('from') ?? '';

  useEffect(() => {
    let cancelled = false;
    const fail = (e: unknown) => {
      if (!cancelled) setError(e instanceof Error && e.message ? e.message : '登录失败，请重试');
    };
    if (code && state) {
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
      getAuthorizeUrl(from, reauthFlag.isSet())
        .then((url) => {
          if (!cancelled) window.location.assign(url);
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
  return <PageLoading tip={code ? '正在登录…' : '正在跳转到单点登录…'} />;
}
